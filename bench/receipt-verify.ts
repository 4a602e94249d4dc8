/**
 * Receipt verification speed in headless Chromium (issue: receipts that outlive the service), run by
 * `npm run bench:app` (bench/app-hash.bench.ts), which writes these figures into its section.
 *
 * A receipt with chain evidence is made in Node as the core's tests make one (test/chain-evidence.ts:
 * a genuine bundle of leaf 2 of 5 anchored in a v5 transaction whose memo names its root, in a block
 * whose header and merkle branch are given). bench/receipt-verify-page.ts (zap1, built with
 * Vite as the memo page is) is loaded into fresh pages, which time verifyClaim offline with the
 * block's hash given, so the verdict, `anchored`, stands on the chain's bytes alone: the first call
 * on a fresh page (cold) and repeated calls (warm).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { makeReceipt } from 'zap1';
import { verifyClaim } from 'zap1';
import { contractEvent } from 'zap1/testing';
import { evidencedBundle, readZebraBlocks } from 'zap1/testing';
import {
  COLD_PAGES,
  SETTLE_MS,
  WARMUP_CALLS,
  WARM_CALLS,
  buildPageScript,
  coldFigure,
  ms,
  pageCaller,
  percentile,
  runOnFreshPages,
  warmFigure,
} from './memo-recovery.js';
import type { ReceiptBenchApi, Verified } from './receipt-verify-page.js';
import { ResultTable, loadAverage } from './report.js';

/** The global bench/receipt-verify-page.ts sets. */
const GLOBAL = 'zap1ReceiptBench';
const TARGET_MS = 50;
/** The checks an anchored verdict on the chain's bytes consists of. */
/** A Zcash header's bytes with its 1344-byte (200, 9) solution: 140 + 3 (compactSize) + 1344. */
const MAINNET_HEADER_BYTES = 1487;
const CHAIN_CHECKS = ['transaction:pass', 'memo:pass', 'branch:pass', 'header:pass', 'work:pass'];

const call = pageCaller<ReceiptBenchApi>(GLOBAL);

interface TestReceipt {
  receiptJson: string;
  blockHash: string;
  rootHex: string;
}

/** The receipt of the core's tests ("a receipt with chain evidence"), checked in Node first. */
async function makeTestReceipt(): Promise<TestReceipt> {
  const { bundle, evidence, rootHex } = evidencedBundle();
  const { event, leafHex } = contractEvent(2);
  const receipt = makeReceipt({
    serviceUrl: 'https://zap1.example',
    // The test evidence is of the development chain: its header is mined (no test can mine mainnet's).
    network: 'devnet',
    event,
    leafHex,
    proof: bundle,
    chainEvidence: evidence,
    now: new Date(),
  });
  const test = { receiptJson: JSON.stringify(receipt), blockHash: evidence.block_hash, rootHex };
  const inNode = await verifyClaim({ receipt, blockHash: evidence.block_hash }, null, new Date());
  checkVerified(
    {
      verdict: inNode.judgement.verdict,
      checks: inNode.judgement.checks.map((c) => `${c.name}:${c.status}`),
      recoveredMemoRootHex: inNode.recoveredMemoRootHex,
    },
    test,
    'in Node',
  );
  return test;
}

function checkVerified(found: Verified, test: TestReceipt, where = 'in the page'): void {
  const expected = [...CHAIN_CHECKS, 'block:pass'];
  if (
    found.verdict !== 'anchored' ||
    found.recoveredMemoRootHex !== test.rootHex ||
    !expected.every((check) => found.checks.includes(check))
  ) {
    throw new Error(`verifyClaim ${where} found ${JSON.stringify(found)}`);
  }
}

/** Measures receipt verification in `browser`; gives the Markdown lines for the app benchmark's section. */
export async function measureReceiptVerification(browser: Browser): Promise<string[]> {
  const test = await makeTestReceipt();
  const script = await buildPageScript('receipt-verify-page.ts', GLOBAL);
  const loadBefore = loadAverage();

  const cold = {
    verify: [] as number[],
    readAndVerify: [] as number[],
    checkEvidence: [] as number[],
    mainnetWork: [] as number[],
  };
  const mainnetHeader = readZebraBlocks()
    .find((block) => block.file === 'block-main-1-687-107.txt')!
    .hex.slice(0, 2 * MAINNET_HEADER_BYTES);
  const warm: number[] = [];
  const cases: Array<(page: Page) => Promise<void>> = [
    async (page) => {
      // verifyClaim first, then the warm calls on the same page.
      const first = await call(page, 'verify', test.receiptJson, test.blockHash);
      checkVerified(first.found, test);
      cold.verify.push(first.ms);
      warm.push(...(await call(page, 'warm', test.receiptJson, test.blockHash, WARMUP_CALLS, WARM_CALLS)));
    },
    async (page) => {
      const first = await call(page, 'readAndVerify', test.receiptJson, test.blockHash);
      checkVerified(first.found, test);
      cold.readAndVerify.push(first.ms);
    },
    async (page) => {
      const first = await call(page, 'checkEvidence', test.receiptJson, test.rootHex);
      if (!CHAIN_CHECKS.every((check) => first.checks.includes(check)))
        throw new Error(`checkChainEvidence in the page found ${first.checks.join(', ')}`);
      cold.checkEvidence.push(first.ms);
    },
    async (page) => {
      const first = await call(page, 'checkMainnetWork', mainnetHeader);
      if (!first.ok) throw new Error('the mainnet header failed checkProofOfWork in the page');
      cold.mainnetWork.push(first.ms);
    },
  ];
  const isolated = await runOnFreshPages(browser, script, GLOBAL, cases);

  const table = new ResultTable();
  const coldMedian = percentile(cold.verify, 0.5);
  table.row(
    "`verifyClaim({ receipt, blockHash: evidence.block_hash }, null, new Date())`, first call on a fresh page (**the figure the target is for: the cold median**): event hashed to its leaf, proof bundle checked, transaction parsed and its txid computed, the memo recovered with the evidence's viewing key (key decoded, ovks derived), merkle branch and header checked, the block hash compared with the one given",
    coldFigure(cold.verify),
    `at most ${TARGET_MS} ms`,
    coldMedian <= TARGET_MS,
  );
  table.row(
    "… the same first call from the receipt file's text on other fresh pages: `JSON.parse` and `parseReceipt` (which checks the chain evidence's shape) timed with it",
    coldFigure(cold.readAndVerify),
    '',
    null,
  );
  table.row(
    "For comparison, `checkChainEvidence(evidence, rootHex, …)` alone (the chain bytes' part of verifyClaim), first call on a fresh page",
    coldFigure(cold.checkEvidence),
    '',
    null,
  );
  table.row(
    "What a mainnet receipt adds: `checkProofOfWork(header, 'mainnet')` of mainnet block 1,687,107's header (Equihash (200, 9): 512 BLAKE2b hashes, where the development chain's (48, 5) takes 32), first call on a fresh page",
    coldFigure(cold.mainnetWork),
    '',
    null,
  );
  table.row(
    '`verifyClaim(…)` warm, the same receipt again (readMemos keeps the viewing key decoded)',
    warmFigure(warm),
    `at most ${TARGET_MS} ms`,
    percentile(warm, 0.95) <= TARGET_MS,
  );
  const evidenceBytes = JSON.stringify(JSON.parse(test.receiptJson).chain_evidence).length;
  return [
    `A \`zap1-receipt/1\` receipt with \`chain_evidence\` (${(test.receiptJson.length / 1024).toFixed(1)} KB of JSON, ${(evidenceBytes / 1024).toFixed(1)} KB of it evidence), made in Node as zap1's verdict/verify-claim.test.ts makes one: a CONTRACT_ANCHOR event, the genuine bundle of leaf 2 of 5 anchored in a v5 transaction (a ZIP 244 vector's, its first Orchard output re-encrypted to carry \`ZAP1:09:<root>\`), a block header with a three-transaction merkle root, regtest's nBits and a mined Equihash (48, 5) solution, and a UFVK of the Zcash test vectors encoded for regtest (a \`devnet\` receipt: no test can mine a mainnet header). A page of Chromium ${browser.version()} loads bench/receipt-verify-page.ts built from zap1's sources with Vite (${(script.length / 1024).toFixed(1)} KB, ${(gzipSync(script, { level: 9 }).length / 1024).toFixed(1)} KB gzip) as the app builds the chunks that hold the chain reader, with V8's compile hint \`//# allFunctionsCalledOnLoad\` on its first line (its functions are compiled as it loads) and times \`verifyClaim\` with no service (offline) and the block's hash given, with performance.now() (${isolated ? 'cross-origin isolated, 5 µs resolution' : 'not cross-origin isolated, 100 µs resolution'}); the verdict must be \`anchored\` with the transaction, memo, branch, header, work and block checks passed and the memo's root recovered. Cold: the first call on a page of its own browser context, ${SETTLE_MS} ms after the page loaded, each case on its own pages (${COLD_PAGES} per case). Warm: ${WARM_CALLS} calls per page after ${WARMUP_CALLS} uncounted, on the ${COLD_PAGES} verifyClaim pages (${COLD_PAGES * WARM_CALLS} calls). The target (at most ${TARGET_MS} ms) is for the cold median: a person verifies a receipt once, on a page just opened.`,
    '',
    ...table.markdown(),
    '',
    `Cold median against the target: **${ms(coldMedian)}** (target at most ${TARGET_MS} ms). Load average (1 / 5 / 15 min; the machine is shared with other work): before the receipt runs ${loadBefore}, after them ${loadAverage()}.`,
  ];
}
