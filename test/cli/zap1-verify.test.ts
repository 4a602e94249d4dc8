/**
 * The command-line verifier run as a person runs it: a real process, against the real service on
 * the development chain (listening on a port), with receipts and bundles written to disk.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReceipt, verifyProofBundle, type Receipt } from 'zap1';
import { hostingPaymentEvent, runCli, runJson, type Run } from 'zap1/testing';
import { startListeningService } from '../cli-runner.js';
import { check, operatorHeaders, waitFor, type AnchorHarness } from '../../server/anchor/test-helpers.js';
import { contractEvent, tempDir } from '../../server/test-helpers.js';
import { devMine } from '../../devchain/control.js';

let h: AnchorHarness;
let service: string;
/** The development chain's node, with the credentials of an auditor allowed to read it. */
let node: string;
let dir: string;
let receiptPath: string;
let event: Record<string, unknown>;
let leafHex: string;
/** The receipt as made before anchoring (proof null): what `--upgrade` completes. */
let pendingReceipt: string;
const contract = Buffer.from('The contract as signed.\n');

const write = (name: string, value: unknown): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value));
  return file;
};
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(file, 'utf8'));

beforeAll(async () => {
  // Blocks only when the test mines one, so the receipt is pending until then.
  ({ h, service, node } = await startListeningService());
  dir = tempDir();
  const realSha = (await import('node:crypto')).createHash('sha256').update(contract).digest('hex');
  event = { ...contractEvent(1, 'cli_wallet'), contract_sha256: realSha };
  const res = await h.app.inject({
    method: 'POST',
    url: '/event',
    headers: { authorization: 'Bearer test-operator-key-0123456789', 'content-type': 'application/json' },
    payload: event,
  });
  expect(res.statusCode).toBe(201);
  leafHex = res.json().leaf_hash;
  const receipt: Receipt = makeReceipt({
    serviceUrl: service,
    network: 'devnet',
    event,
    leafHex,
    file: { name: 'contract.txt', size: contract.length },
    now: new Date(),
  });
  receiptPath = write('receipt.json', receipt);
  pendingReceipt = fs.readFileSync(receiptPath, 'utf8');
  write('contract.txt', contract);
  write('other.txt', 'Another file.\n');
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('zap1-verify', () => {
  it('exits 2 with the usage for no input, an unreadable file, not-JSON, a broken receipt or a bad URL', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: zap1-verify');
    expect((await runCli([path.join(dir, 'missing.json')])).code).toBe(2);
    const notJson = await runCli([write('not.json', '{ nope')]);
    expect(notJson).toMatchObject({ code: 2, stderr: expect.stringContaining('is not JSON') });
    const broken = await runCli([write('broken.json', { format: 'zap1-receipt/1', leaf_hash: 'x' })]);
    expect(broken).toMatchObject({ code: 2, stderr: expect.stringContaining('is not a usable receipt') });
    expect((await runCli([receiptPath, '--service', 'ftp://example'])).code).toBe(2);
    expect((await runCli([receiptPath, '--bogus'])).code).toBe(2);
  });

  it('exits 3 (pending) for a receipt made before anchoring, and --upgrade leaves it as it is', async () => {
    const before = fs.readFileSync(receiptPath, 'utf8');
    const { code, out } = await runJson([receiptPath, '--service', service, '--upgrade']);
    expect(code).toBe(3);
    expect(out).toMatchObject({ verdict: 'pending', leaf: leafHex, txid: null });
    expect(fs.readFileSync(receiptPath, 'utf8')).toBe(before);
  });

  it('exits 0 once anchored, and --upgrade writes the completed receipt with its proof in place', async () => {
    await devMine(h.runtime.rpc, 1);
    const anchored = await waitFor(async () => {
      const c = await check(h.app, leafHex);
      return c.anchor.txid !== null ? c : null;
    }, 'the leaf to be anchored');
    const { code, out } = await runJson([receiptPath, '--service', service, '--upgrade']);
    expect(code).toBe(0);
    expect(out).toMatchObject({
      verdict: 'anchored',
      leaf: leafHex,
      root: anchored.root,
      txid: anchored.anchor.txid,
      height: anchored.anchor.height,
    });
    const upgraded = readJson(receiptPath);
    expect(upgraded['proof']).toMatchObject({ anchor: anchored.anchor });
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // Now the receipt holds the proof itself.
    const again = await runCli([receiptPath, '--service', service]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ANCHORED: /);
    // Without --service the receipt's own service is not asked: its evidence leaves one block to compare.
    const alone = await runCli([receiptPath]);
    expect(alone.code).toBe(3);
    expect(alone.stdout).toMatch(/^UNCONFIRMED: /);
    expect(alone.stdout).toContain(
      `the receipt names ${service}, and a service a receipt names is never asked on its word`,
    );
  });

  it('checks the file: 0 for the anchored file, 1 for another one', async () => {
    expect((await runCli([receiptPath, path.join(dir, 'contract.txt'), '--service', service])).code).toBe(0);
    const wrong = await runJson([receiptPath, path.join(dir, 'other.txt'), '--service', service]);
    expect(wrong.code).toBe(1);
    expect(JSON.stringify(wrong.out['checks'])).toContain('is not the anchored file');
  });

  it('exits 1 for a proof whose txid, height or sibling was edited, and for an edited event', async () => {
    const receipt = readJson(receiptPath);
    const proof = receipt['proof'] as { anchor: { txid: string; height: number }; proof: { hash: string }[] };
    const edits: Record<string, unknown>[] = [
      { ...receipt, proof: { ...proof, anchor: { ...proof.anchor, txid: '0'.repeat(64) } } },
      { ...receipt, proof: { ...proof, anchor: { ...proof.anchor, height: proof.anchor.height + 1 } } },
      { ...receipt, event: { ...(receipt['event'] as object), serial_number: 'EDITED' } },
    ];
    if (proof.proof.length > 0) {
      edits.push({ ...receipt, proof: { ...proof, proof: [{ ...proof.proof[0], hash: 'f'.repeat(64) }] } });
    }
    for (const [i, edited] of edits.entries()) {
      const run = await runJson([write(`edited-${i}.json`, edited), '--service', service]);
      expect(run.code, JSON.stringify(run.out)).toBe(1);
      expect(run.out['verdict']).toBe('invalid');
    }
  });

  it('checks a bare bundle against the service named, and exits 3 when none is named or it is down', async () => {
    const bundle: unknown = (await h.app.inject({ url: `/verify/${leafHex}/proof.json` })).json();
    expect(verifyProofBundle(bundle).valid).toBe(true);
    expect(bundle).toMatchObject({ verify_command: expect.stringContaining('zap1-verify proof.json') });
    const bundlePath = write('proof.json', bundle);
    expect((await runCli([bundlePath, '--service', service])).code).toBe(0);
    expect((await runJson([bundlePath])).out).toMatchObject({ verdict: 'unconfirmed' });
    const down = await runJson([bundlePath, '--service', 'http://127.0.0.1:9']);
    expect(down).toMatchObject({ code: 3, out: { verdict: 'unconfirmed' } });

    // The same bundle as written before ZAP1 3.0, without its scheme: judged under the historical
    // rule, anchored, and said so.
    const { scheme: _scheme, ...oldRoot } = (bundle as { root: Record<string, unknown> }).root;
    const oldPath = write('proof-v1.json', { ...(bundle as object), root: oldRoot });
    const old = await runJson([oldPath, '--service', service]);
    expect(old).toMatchObject({ code: 0, out: { verdict: 'anchored' } });
    expect(String(old.out['warning'])).toMatch(/before ZAP1 3\.0/);
    expect((await runCli([oldPath, '--service', service])).stdout).toContain(
      'WARNING: This bundle was written before',
    );
  });

  it("asks the auditor's own node with --rpc: the transaction at that height with the ZAP1:09 memo", async () => {
    const { code, out } = await runJson([receiptPath, '--service', 'http://127.0.0.1:9', '--rpc', node]);
    // The service is down, but the node read the memo back: that alone proves the anchor.
    expect(code).toBe(0);
    const checks = out['checks'] as { name: string; status: string; detail: string }[];
    expect(checks.find((c) => c.name === 'chain')).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('its memo reads ZAP1:09:'),
    });
  });
});

/** The lines of the block under `heading` in the CLI's text output (up to the next unindented line). */
function block(stdout: string, heading: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith(' '));
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.trim());
}
const fieldsOf = (lines: string[]): string[] => lines.map((line) => line.split(/\s+/)[0] ?? '');
const PROVEN = 'Proven by the anchored leaf:';
const STATED = 'Stated by the receipt (not proven):';

describe('zap1-verify shows as proven only what the leaf proves (security review 1)', () => {
  // A cheap HOSTING_PAYMENT anchored for real; the forged receipt adds a contract_sha256 to its event.
  const hosting = hostingPaymentEvent(41);
  const forgedPdf = Buffer.from('%PDF-1.7 a contract nobody anchored\n');
  let honestPath: string;
  let forgedPath: string;
  let forgedPdfPath: string;

  beforeAll(async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/event',
      headers: operatorHeaders,
      payload: hosting.event,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().leaf_hash).toBe(hosting.leafHex);
    await waitFor(
      async () => (await check(h.app, hosting.leafHex)).anchor.txid !== null,
      'the HOSTING_PAYMENT leaf to be anchored',
      { each: () => devMine(h.runtime.rpc, 1), intervalMs: 200 },
    );
    const proof: unknown = (await h.app.inject({ url: `/verify/${hosting.leafHex}/proof.json` })).json();
    const honest = makeReceipt({
      serviceUrl: service,
      network: 'devnet',
      event: hosting.event,
      leafHex: hosting.leafHex,
      file: { name: 'invoice.pdf', size: 1234 },
      proof,
      now: new Date(),
    });
    honestPath = write('hosting-receipt.json', honest);
    forgedPdfPath = write('forged.pdf', forgedPdf);
    const forgedSha = createHash('sha256').update(forgedPdf).digest('hex');
    forgedPath = write('forged-receipt.json', {
      ...honest,
      event: { ...honest.event, contract_sha256: forgedSha },
    });
  }, 60_000);

  it('prints INVALID naming the field a HOSTING_PAYMENT leaf does not commit to, and exits 1, even with the matching file', async () => {
    const run = await runCli([forgedPath, forgedPdfPath, '--service', service]);
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/^INVALID: .*does not commit to \(contract_sha256\)/);
    expect(run.stdout).not.toMatch(/^ANCHORED/m);
    expect(run.stdout).not.toContain('is the anchored file');
    // Nothing of an invalid receipt is shown as proven; the added field is listed as its statement.
    expect(run.stdout).not.toContain(PROVEN);
    expect(fieldsOf(block(run.stdout, STATED))).toContain('contract_sha256');
    expect((await runJson([forgedPath, forgedPdfPath, '--service', service])).out['verdict']).toBe('invalid');
  });

  it('never says a file is the anchored one for a HOSTING_PAYMENT receipt, and labels what the receipt only states', async () => {
    const run = await runCli([honestPath, forgedPdfPath, '--service', service]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^ANCHORED: /);
    expect(run.stdout).toContain('"' + forgedPdfPath + '" is not part of this proof');
    expect(run.stdout).not.toContain('is the anchored file');
    expect(block(run.stdout, PROVEN)).toEqual([
      expect.stringMatching(/^event_type +HOSTING_PAYMENT$/),
      expect.stringMatching(/^serial_number +HOST-41$/),
      expect.stringMatching(/^month +11$/),
      expect.stringMatching(/^year +2026$/),
    ]);
    const stated = block(run.stdout, STATED);
    expect(fieldsOf(stated)).toEqual(['wallet_hash', 'file', 'service', 'created_at']);
    expect(stated[1]).toMatch(/^file +invoice\.pdf \(1234 bytes, a file its leaf does not commit to\)$/);
    expect(stated[2]).toMatch(new RegExp(`^service +${service.replace(/\./g, '\\.')} \\(devnet\\)$`));

    // A CONTRACT_ANCHOR leaf proves the file hash but not the wallet, which it does not hash.
    const contractRun = await runCli([receiptPath, path.join(dir, 'contract.txt'), '--service', service]);
    expect(contractRun.code).toBe(0);
    expect(contractRun.stdout).toContain('"' + path.join(dir, 'contract.txt') + '" is the anchored file');
    expect(fieldsOf(block(contractRun.stdout, PROVEN))).toEqual([
      'event_type',
      'serial_number',
      'contract_sha256',
    ]);
    expect(fieldsOf(block(contractRun.stdout, STATED))).toEqual([
      'wallet_hash',
      'file',
      'service',
      'created_at',
    ]);
  });
});

describe('zap1-verify --upgrade replaces the file safely (security review 5)', () => {
  const tmpFiles = (): string[] => fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'));

  it('does not follow a symbolic link planted at the temporary name it once used (<file>.<pid>.tmp)', async () => {
    const victim = write('victim.txt', 'Not a receipt: must stay as it is.\n');
    const receipt = write('planted.json', pendingReceipt);
    let planted = '';
    const run = await runCli([receipt, '--service', service, '--upgrade'], (pid) => {
      planted = `${receipt}.${pid}.tmp`;
      fs.symlinkSync(victim, planted);
    });
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readFileSync(victim, 'utf8')).toBe('Not a receipt: must stay as it is.\n');
    expect(fs.lstatSync(receipt).isFile()).toBe(true);
    expect(readJson(receipt)['proof']).toMatchObject({ anchor: { txid: expect.any(String) } });
    expect(fs.lstatSync(planted).isSymbolicLink()).toBe(true);
    fs.unlinkSync(planted);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses, exit 2 and nothing written, to replace a receipt path that is a symbolic link', async () => {
    const target = write('link-target.json', pendingReceipt);
    const link = path.join(dir, 'link.json');
    fs.symlinkSync(target, link);
    const run = await runCli([link, '--service', service, '--upgrade']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`refusing to replace ${link}: it is a symbolic link`);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe(pendingReceipt);
    expect(tmpFiles()).toEqual([]);
  });

  it("keeps the receipt's mode: a 0600 receipt stays 0600", async () => {
    const receipt = write('private.json', pendingReceipt);
    fs.chmodSync(receipt, 0o600);
    const run = await runCli([receipt, '--service', service, '--upgrade']);
    expect(run.code, run.stderr).toBe(0);
    expect(readJson(receipt)['proof']).toMatchObject({ anchor: { txid: expect.any(String) } });
    expect(fs.statSync(receipt).mode & 0o777).toBe(0o600);
  });
});

describe('zap1-verify shows control characters from its input, never acts them out (security review 5)', () => {
  // Moves up a line, erases it, prints a green ANCHORED and hides what follows; then a bidi override
  // and the one-character CSI (U+009B) clearing the screen.
  const PAYLOAD = '\u001b[1A\u001b[2K\u001b[32mANCHORED\u001b[8m\u202E\u009b2J';
  const SHOWN = '<U+001B>[1A<U+001B>[2K<U+001B>[32mANCHORED<U+001B>[8m<U+202E><U+009B>2J';
  const EXIT_OF: Record<string, number> = { ANCHORED: 0, INVALID: 1, PENDING: 3, UNCONFIRMED: 3 };
  const nothingActedOut = (run: Run): void => {
    for (const out of [run.stdout, run.stderr]) {
      for (const char of ['\u001b', '\u009b', '\u202e']) expect(out).not.toContain(char);
    }
  };
  const anchoredReceipt = (): Record<string, unknown> => readJson(receiptPath);

  it('in the file name, the event, the network and the service URL of a receipt, with the exit code its verdict has', async () => {
    // The receipt's file name, and the file given on the command line, are text from outside.
    const named = { ...anchoredReceipt(), file: { name: `${PAYLOAD}.pdf`, size: contract.length } };
    const file = write(`${PAYLOAD}.txt`, contract);
    const anchored = await runCli([write('escape-file.json', named), file, '--service', service]);
    nothingActedOut(anchored);
    expect(anchored.code).toBe(0);
    expect(anchored.stdout).toMatch(/^ANCHORED: /);
    expect(anchored.stdout).toContain(`"${path.join(dir, SHOWN)}.txt" is the anchored file`);
    expect(block(anchored.stdout, STATED)).toContainEqual(
      expect.stringMatching(new RegExp(`^file +${escapeRegExp(SHOWN)}\\.pdf \\(\\d+ bytes\\)$`)),
    );

    const receipt = anchoredReceipt();
    const edited = { ...receipt, event: { ...(receipt['event'] as object), serial_number: PAYLOAD } };
    const invalid = await runCli([write('escape-serial.json', edited), '--service', service]);
    nothingActedOut(invalid);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^INVALID: /);
    expect(block(invalid.stdout, STATED)).toContainEqual(
      expect.stringMatching(new RegExp(`^serial_number +${escapeRegExp(SHOWN)}$`)),
    );

    // The network is quoted in the reason the service was not asked.
    const network = { ...receipt, service: { url: service, network: PAYLOAD } };
    const networkPath = write('escape-network.json', network);
    const quoted = await runCli([networkPath, '--service', service]);
    nothingActedOut(quoted);
    expect(quoted.stdout).toContain(`the receipt was made on ${SHOWN}`);
    expect(quoted.code).toBe(EXIT_OF[quoted.stdout.split(':')[0] ?? '']);
    // The verdict's own sentences already show the receipt's text made visible (core's visibleText),
    // so JSON readers see the same sentence as the terminal.
    const json = await runCli([networkPath, '--service', service, '--json']);
    nothingActedOut(json);
    expect(json.code).toBe(quoted.code);
    const checks = (JSON.parse(json.stdout) as { checks: { detail: string }[] }).checks;
    expect(checks.map((c) => c.detail).join('\n')).toContain(`the receipt was made on ${SHOWN}`);

    // A receipt naming no http(s) service is checked with none, saying why, as the app does.
    const badUrl = await runCli([write('escape-url.json', { ...receipt, service: { url: PAYLOAD } })]);
    nothingActedOut(badUrl);
    expect(badUrl.stdout).toContain('no service could be asked: the receipt names no usable service');
    expect(badUrl.stdout).toContain('give --service with the service you use');
    expect(badUrl.code).toBe(EXIT_OF[badUrl.stdout.split(':')[0] ?? '']);
    expect(badUrl.code).not.toBe(2);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
