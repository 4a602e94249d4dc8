/**
 * Memo recovery speed in headless Chromium (issue: reading the chain's own bytes), run by
 * `npm run bench:app` (bench/app-hash.bench.ts), which writes these figures into its section.
 *
 * A two-action v5 transaction is made in Node with the core's own functions: action 0 carries a
 * `ZAP1:09:<root>` memo sealed with the viewing key's external ovk, action 1 a dummy output sealed
 * with a random ovk. bench/memo-recovery-page.ts (zap1's chain codec, built here with Vite into one
 * minified classic script) is loaded into fresh pages, which time readMemos(txHex, viewingKey),
 * decodeViewingKey (as readMemos decodes a key string, and with its default checks) and
 * recoverOrchardOutput per action: the first call on a fresh page (cold; each cold figure comes from
 * its own browser context) and repeated calls (warm).
 *
 * The page harness (buildPageScript, freshPage, pageCaller, runOnFreshPages) and the figures'
 * formatting are exported for bench/receipt-verify.ts, which times verifyClaim the same way.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import { compileHintFor } from '../vite.config.js';
import {
  TX_V5_VERSION_GROUP_ID,
  decodeViewingKey,
  encodeViewingKey,
  encryptOrchardOutput,
  orchardOutgoingViewingKeys,
  readMemos,
  serializeTransaction,
  type OrchardAction,
  type TransactionV5,
} from 'zap1';
import { parseHex, toHex } from 'zap1';
import { encodeMemo, parseAnchorMemo } from 'zap1';
import { readZcashVectors } from 'zap1/testing';
import type { FoundMemo, MemoBenchApi } from './memo-recovery-page.js';
import { ResultTable, loadAverage } from './report.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** A made-up origin served by Playwright routes: *.localhost is a secure context. */
const ORIGIN = 'http://page-bench.localhost';
/** The global bench/memo-recovery-page.ts sets. */
const GLOBAL = 'zap1MemoBench';
/** Fresh pages per cold case. */
export const COLD_PAGES = 7;
export const WARMUP_CALLS = 20;
/** Idle time between a page's load and its first call. */
export const SETTLE_MS = 250;
export const WARM_CALLS = 100;
const TARGET_MS = 20;
/** NU6's consensus branch id. */
const NU6_BRANCH_ID = 0xc8e7_1055;

const bytes = (n: number): Uint8Array => new Uint8Array(randomBytes(n));

interface TestTransaction {
  txHex: string;
  viewingKey: string;
  externalOvkHex: string;
  rootHex: string;
}

/**
 * The viewing key is the ZIP 316 test vector key with transparent, Sapling and Orchard items (so
 * every item is read, and decodeViewingKey's default checks all three as points), encoded again
 * with encodeViewingKey.
 */
function makeTestTransaction(): TestTransaction {
  const vector = readZcashVectors('unified_full_viewing_keys.json').find(
    (v) => v.t_key_bytes !== null && v.sapling_fvk_bytes !== null && v.orchard_fvk_bytes !== null,
  );
  if (vector === undefined) throw new Error('no ZIP 316 vector with all three items');
  const item = (name: string): Uint8Array => parseHex(String(vector[name]));
  const viewingKey = encodeViewingKey({
    network: 'mainnet',
    orchard: item('orchard_fvk_bytes'),
    sapling: item('sapling_fvk_bytes'),
    transparent: item('t_key_bytes'),
  });
  const ovks = orchardOutgoingViewingKeys(decodeViewingKey(viewingKey).orchard!);
  const rootHex = toHex(bytes(32));
  const noMemo = new Uint8Array(512);
  noMemo[0] = 0xf6; // ZIP 302: no memo

  const action = (ovk: Uint8Array, memo: Uint8Array, value: bigint): OrchardAction => {
    const cvNet = bytes(32);
    const cmx = bytes(32);
    const nullifier = bytes(32);
    const sealed = encryptOrchardOutput({
      ovk,
      cvNet,
      cmx,
      nullifier,
      diversifier: bytes(11),
      value,
      rseed: bytes(32),
      memo,
    });
    return {
      cvNet,
      nullifier,
      rk: bytes(32),
      cmx,
      ephemeralKey: sealed.ephemeralKey,
      encCiphertext: sealed.encCiphertext,
      outCiphertext: sealed.outCiphertext,
      spendAuthSig: bytes(64),
    };
  };
  const tx: TransactionV5 = {
    version: 5,
    versionGroupId: TX_V5_VERSION_GROUP_ID,
    consensusBranchId: NU6_BRANCH_ID,
    lockTime: 0,
    expiryHeight: 3_000_000,
    transparentInputs: [],
    transparentOutputs: [],
    sapling: null,
    orchard: {
      actions: [
        action(ovks.external, encodeMemo(0x09, rootHex, { padTo512: true }), 1000n),
        action(bytes(32), noMemo, 0n),
      ],
      flags: 0b11,
      valueBalance: 10_000n,
      anchor: bytes(32),
      // The length ZIP 225 gives a real proof for two actions.
      proofs: bytes(2720 + 2272 * 2),
      bindingSig: bytes(64),
    },
  };
  const txHex = toHex(serializeTransaction(tx));
  const inNode = readMemos(txHex, viewingKey);
  if (inNode.length !== 1 || parseAnchorMemo(inNode[0]!.memo) !== rootHex) {
    throw new Error('the test transaction does not give its memo back in Node');
  }
  return { txHex, viewingKey, externalOvkHex: toHex(ovks.external), rootHex };
}

/**
 * A page file of bench/ and the core it imports as one minified classic script: it sets
 * `globalThis[globalName]` to the functions the page exposes. Built as the app builds the chunks
 * that hold the chain reader: with V8's compile hint on its first line (vite.config.ts).
 */
export async function buildPageScript(entryFile: string, globalName: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: benchDir,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      lib: { entry: path.join(benchDir, entryFile), formats: ['iife'], name: `${globalName}Bundle` },
      rolldownOptions: { output: { postBanner: compileHintFor } },
    },
  });
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((o) => o.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error(`Vite gave no script for ${entryFile}`);
  return chunk.code;
}

/**
 * A fresh context and page with the script loaded (its `globalName` set); cross-origin isolated
 * for a 5 µs clock.
 */
export async function freshPage(
  browser: Browser,
  script: string,
  globalName: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, (route) =>
    new URL(route.request().url()).pathname === '/bench.js'
      ? route.fulfill({
          contentType: 'text/javascript',
          headers: { 'cross-origin-resource-policy': 'same-origin' },
          body: script,
        })
      : route.fulfill({
          contentType: 'text/html',
          headers: {
            'cross-origin-opener-policy': 'same-origin',
            'cross-origin-embedder-policy': 'require-corp',
          },
          body: '<!doctype html><html lang="en"><title>bench</title><script src="/bench.js"></script></html>',
        }),
  );
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction((name) => Reflect.get(globalThis, name) !== undefined, globalName);
  return { page, close: () => context.close() };
}

type Call<Api, K extends keyof Api> = Api[K] extends (...args: infer A) => infer R
  ? { args: A; result: Awaited<R> }
  : never;

/** A caller of the methods a page exposes as `globalThis[globalName]` (of type `Api`). */
export const pageCaller =
  <Api>(globalName: string) =>
  async <K extends keyof Api & string>(
    page: Page,
    method: K,
    ...args: Call<Api, K>['args']
  ): Promise<Call<Api, K>['result']> => {
    const result: unknown = await page.evaluate(
      ([name, key, values]) => {
        const api = Reflect.get(globalThis, name) as Record<string, (...a: unknown[]) => unknown>;
        return api[key]!(...values);
      },
      [globalName, method, args as unknown[]] as const,
    );
    return result as Call<Api, K>['result'];
  };

/** Calls `method` of the page's `zap1MemoBench` (bench/memo-recovery-page.ts) with `args`. */
const call = pageCaller<MemoBenchApi>(GLOBAL);

/**
 * Runs each case on fresh pages (each its own browser context), `COLD_PAGES` rounds, in an order
 * rotated every round so that none always follows another; a case starts `SETTLE_MS` after its
 * page loaded. Gives whether every page was cross-origin isolated.
 */
export async function runOnFreshPages(
  browser: Browser,
  script: string,
  globalName: string,
  cases: ReadonlyArray<(page: Page) => Promise<void>>,
): Promise<boolean> {
  let isolated = true;
  for (let round = 0; round < COLD_PAGES; round++) {
    for (let i = 0; i < cases.length; i++) {
      const fresh = await freshPage(browser, script, globalName);
      try {
        isolated &&= await fresh.page.evaluate(() => Reflect.get(globalThis, 'crossOriginIsolated') === true);
        // Let the page's loading and the previous context's teardown settle first.
        await fresh.page.waitForTimeout(SETTLE_MS);
        await cases[(round + i) % cases.length]!(fresh.page);
      } finally {
        await fresh.close();
      }
    }
  }
  return isolated;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}
export const ms = (value: number): string => `${value.toFixed(2)} ms`;
export const coldFigure = (values: number[]): string =>
  `${ms(percentile(values, 0.5))} median, ${ms(Math.max(...values))} worst (${values.length} fresh pages)`;
export const warmFigure = (values: number[]): string =>
  `${ms(percentile(values, 0.5))} median, ${ms(percentile(values, 0.95))} p95`;

function checkFound(found: FoundMemo[], rootHex: string): void {
  const memo = found.length === 1 ? found[0] : undefined;
  if (
    memo?.actionIndex !== 0 ||
    memo.scope !== 'external' ||
    parseAnchorMemo(parseHex(memo.memoHex)) !== rootHex
  ) {
    throw new Error(`readMemos in the page found ${JSON.stringify(found)}`);
  }
}

/** Measures memo recovery in `browser`; gives the Markdown lines for the app benchmark's section. */
export async function measureMemoRecovery(browser: Browser): Promise<string[]> {
  const test = makeTestTransaction();
  const script = await buildPageScript('memo-recovery-page.ts', GLOBAL);
  const loadBefore = loadAverage();

  const cold = {
    readMemos: [] as number[],
    decode: [] as number[],
    readDecoded: [] as number[],
    decodeFully: [] as number[],
    recover: [[], []] as number[][],
  };
  const warm = {
    readMemos: [] as number[],
    decodeAndReadMemos: [] as number[],
    recover: [[], []] as number[][],
  };
  const cases: Array<(page: Page) => Promise<void>> = [
    async (page) => {
      // readMemos first, then the warm calls on the same page.
      const first = await call(page, 'readMemos', test.txHex, test.viewingKey);
      checkFound(first.found, test.rootHex);
      cold.readMemos.push(first.ms);
      const again = await call(
        page,
        'warm',
        test.txHex,
        test.viewingKey,
        test.externalOvkHex,
        WARMUP_CALLS,
        WARM_CALLS,
      );
      warm.readMemos.push(...again.readMemos);
      warm.decodeAndReadMemos.push(...again.decodeAndReadMemos);
      again.recover.forEach((times, i) => warm.recover[i]!.push(...times));
    },
    async (page) => {
      // The same cold call in two parts: the key decoded, then readMemos with the decoded key.
      const first = await call(page, 'decodeThenReadMemos', test.txHex, test.viewingKey);
      checkFound(first.found, test.rootHex);
      cold.decode.push(first.decodeMs);
      cold.readDecoded.push(first.readMs);
    },
    async (page) => {
      // For comparison: decodeViewingKey's default, every item checked as a key of its kind.
      const first = await call(page, 'decodeFully', test.viewingKey);
      if (!first.hasOrchard) throw new Error('decodeViewingKey in the page found no Orchard item');
      cold.decodeFully.push(first.ms);
    },
    ...[0, 1].map((actionIndex) => async (page: Page) => {
      const first = await call(page, 'recover', test.txHex, test.externalOvkHex, actionIndex);
      if (first.opened !== (actionIndex === 0))
        throw new Error(`action ${actionIndex}: opened ${first.opened}`);
      cold.recover[actionIndex]!.push(first.ms);
    }),
  ];
  const isolated = await runOnFreshPages(browser, script, GLOBAL, cases);

  const table = new ResultTable();
  const coldWorst = Math.max(...cold.readMemos);
  table.row(
    "`readMemos(txHex, viewingKey)`, first call on a fresh page: key string decoded (Bech32m checksum, F4Jumble, padding, every item's order and length) and its Orchard item checked, ovks derived, transaction parsed, both ovks tried on each action",
    coldFigure(cold.readMemos),
    `at most ${TARGET_MS} ms`,
    coldWorst <= TARGET_MS,
  );
  table.row(
    "… the same first call in two parts on other fresh pages: `decodeViewingKey(viewingKey, { validateItems: 'orchard' })` (how readMemos decodes a key string)",
    coldFigure(cold.decode),
    '',
    null,
  );
  table.row(
    '… then `readMemos(txHex, decodedKey)` (ovks derived, transaction parsed, outputs recovered)',
    coldFigure(cold.readDecoded),
    '',
    null,
  );
  table.row(
    'For comparison, `decodeViewingKey(viewingKey)` with its default checks, first call on a fresh page: also the Sapling ak and nk decoded as Jubjub points of the prime-order subgroup and the transparent key as a secp256k1 point',
    coldFigure(cold.decodeFully),
    '',
    null,
  );
  table.row(
    '`readMemos(txHex, viewingKey)` warm, the key string already read (readMemos keeps it decoded)',
    warmFigure(warm.readMemos),
    `at most ${TARGET_MS} ms`,
    percentile(warm.readMemos, 0.95) <= TARGET_MS,
  );
  table.row(
    "`readMemos(txHex, decodeViewingKey(viewingKey, { validateItems: 'orchard' }))` warm: the key decoded on every call as readMemos decodes a key not read before",
    warmFigure(warm.decodeAndReadMemos),
    `at most ${TARGET_MS} ms`,
    percentile(warm.decodeAndReadMemos, 0.95) <= TARGET_MS,
  );
  const actionNames = [
    'action 0 (the ZAP1 memo; opens)',
    'action 1 (a dummy sealed to another ovk; does not open)',
  ];
  actionNames.forEach((name, i) => {
    table.row(
      `\`recoverOrchardOutput(externalOvk, …)\`, ${name}: first call on a fresh page`,
      coldFigure(cold.recover[i]!),
      '',
      null,
    );
    table.row(`… warm`, warmFigure(warm.recover[i]!), '', null);
  });
  return [
    `Memo recovery: a two-action v5 transaction (Orchard only, ${test.txHex.length / 2} bytes with a proof of ZIP 225's length for two actions) made in Node with zap1's chain codec; action 0 carries \`ZAP1:09:<root>\` sealed with the key's external ovk, action 1 a dummy sealed with a random ovk; the key is a mainnet UFVK with transparent, Sapling and Orchard items. A page of Chromium ${browser.version()} loads bench/memo-recovery-page.ts built from zap1's chain codec with Vite (${(script.length / 1024).toFixed(1)} KB, ${(gzipSync(script, { level: 9 }).length / 1024).toFixed(1)} KB gzip) as the app builds the chunks that hold the chain reader, with V8's compile hint \`//# allFunctionsCalledOnLoad\` on its first line (its functions are compiled as it loads), times each call with performance.now() (${isolated ? 'cross-origin isolated, 5 µs resolution' : 'not cross-origin isolated, 100 µs resolution'}) and returns the memo, which must be the root. Cold: the first call on a page of its own browser context, ${SETTLE_MS} ms after the page loaded, each case on its own pages. Warm: ${WARM_CALLS} calls per page after ${WARMUP_CALLS} uncounted, on the ${COLD_PAGES} readMemos pages (${COLD_PAGES * WARM_CALLS} calls).`,
    '',
    ...table.markdown(),
    '',
    `Load average (1 / 5 / 15 min; the machine is shared with other work): before the memo recovery runs ${loadBefore}, after them ${loadAverage()}.`,
  ];
}
