/**
 * The parts of `zap1 stamp`, `upgrade` and `verify` that decide something on their own: how
 * documents and receipts pair up, the private default reference and pseudonym, the reference
 * pattern, the config file (kept to its owner, refused when it is not one), and the pause between
 * rounds of `upgrade --wait`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBatchManifest, makeReceipt, pairDocuments, validateEvent, type Receipt } from '../index.js';
import { tempDir } from '../../test/cli-run.js';
import { UsageError } from './cli-common.js';
import { configPath, defaultIdentity, readConfig, writeConfig } from './cli-config.js';
import { referenceOf } from './stamp.js';
import { nextRoundSeconds } from './upgrade.js';

const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);
const SECRET = '11'.repeat(32);

function receipt(sha: string, fileName: string): Receipt {
  return makeReceipt({
    serviceUrl: 'https://zap1.example',
    network: 'devnet',
    event: { event_type: 'CONTRACT_ANCHOR', wallet_hash: 'w', serial_number: 'S', contract_sha256: sha },
    leafHex: 'c'.repeat(64),
    file: { name: fileName, size: 1 },
    now: new Date(0),
  });
}

describe('pairDocuments', () => {
  it('pairs the receipt beside a document first, even when its hash differs (a changed document)', () => {
    const pairs = pairDocuments(
      [{ file: 'd/contract.pdf', sha256Hex: SHA_B }],
      [{ file: 'd/contract.pdf.zap1.json', receipt: receipt(SHA_A, 'contract.pdf'), raw: null }],
    );
    expect(pairs).toHaveLength(1);
    expect(pairs[0]?.document?.file).toBe('d/contract.pdf');
    expect(pairs[0]?.receipt?.file).toBe('d/contract.pdf.zap1.json');
  });

  it('then by the contract hash (a renamed document), then by the name a receipt gives its file', () => {
    const pairs = pairDocuments(
      [
        { file: 'renamed.pdf', sha256Hex: SHA_A },
        { file: 'elsewhere/invoice.pdf', sha256Hex: SHA_B },
      ],
      [
        { file: 'receipts/one.zap1.json', receipt: receipt(SHA_A, 'original.pdf'), raw: null },
        { file: 'receipts/two.zap1.json', receipt: receipt('d'.repeat(64), 'invoice.pdf'), raw: null },
      ],
    );
    const by = Object.fromEntries(pairs.map((p) => [p.document?.file, p.receipt?.file]));
    expect(by).toEqual({
      'renamed.pdf': 'receipts/one.zap1.json',
      'elsewhere/invoice.pdf': 'receipts/two.zap1.json',
    });
  });

  it('leaves a document without its receipt and a receipt without its document, each once', () => {
    const pairs = pairDocuments(
      [{ file: 'alone.pdf', sha256Hex: SHA_A }],
      [{ file: 'other.pdf.zap1.json', receipt: receipt(SHA_B, 'other.pdf'), raw: null }],
    );
    expect(pairs.map((p) => [p.document?.file ?? null, p.receipt?.file ?? null])).toEqual([
      ['alone.pdf', null],
      [null, 'other.pdf.zap1.json'],
    ]);
  });
});

describe('a batch manifest', () => {
  it('is told from a document by its name and its first line', () => {
    const header = 'file,size,sha256,leaf,status,transaction,height';
    expect(isBatchManifest('out/manifest.csv', `${header}\r\na.pdf,1`)).toBe(true);
    expect(isBatchManifest('out/manifest.csv', 'name,amount\r\n')).toBe(false);
    expect(isBatchManifest('out/other.csv', header)).toBe(false);
  });
});

describe('the default reference and pseudonym', () => {
  it('are the same for the same document and secret, and differ for another document or secret', () => {
    const one = defaultIdentity(SECRET, SHA_A);
    expect(defaultIdentity(SECRET, SHA_A)).toEqual(one);
    expect(defaultIdentity(SECRET, SHA_B).wallet).not.toBe(one.wallet);
    expect(defaultIdentity('22'.repeat(32), SHA_A).reference).not.toBe(one.reference);
    expect(one.reference).toMatch(/^REF-[2-9A-HJ-NP-Z]{12}$/);
    expect(one.wallet).toMatch(/^anon_[0-9a-f]{16}$/);
    // Both pass the service's own rules.
    const event = {
      event_type: 'CONTRACT_ANCHOR',
      wallet_hash: one.wallet,
      serial_number: one.reference,
      contract_sha256: SHA_A,
    };
    expect(validateEvent(event)).toEqual([]);
  });

  it('the pattern fills in the name, the stem and the private reference', () => {
    expect(referenceOf('ACME-{stem}', 'dir/deed.final.pdf', 'REF-X')).toBe('ACME-deed.final');
    expect(referenceOf('{name}/{ref}', 'dir/.env', 'REF-X')).toBe('.env/REF-X');
    expect(referenceOf('{ref}', 'a.pdf', 'REF-X')).toBe('REF-X');
  });
});

describe('the config file', () => {
  it('is written readable by its owner alone, and read back', async () => {
    const file = path.join(tempDir(), 'zap1', 'config.json');
    const config = await readConfig(file);
    config.services['https://zap1.example'] = { key: 'k', key_expires_at: null };
    await writeConfig(config, file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await readConfig(file)).toEqual({
      secret: config.secret,
      services: { 'https://zap1.example': { key: 'k' } },
    });
  });

  it('that is not one is refused with what to do, not overwritten', async () => {
    const file = path.join(tempDir(), 'config.json');
    fs.writeFileSync(file, '{ "secret": 1 }');
    await expect(readConfig(file)).rejects.toThrow(UsageError);
    await expect(readConfig(file)).rejects.toThrow(/fix or remove it/);
    fs.writeFileSync(file, 'nope');
    await expect(readConfig(file)).rejects.toThrow(/is not JSON/);
  });

  it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x' })).toBe(path.join('/x', 'zap1', 'config.json'));
    expect(configPath({ HOME: '/home/p' })).toBe(path.join('/home/p', '.config', 'zap1', 'config.json'));
  });
});

describe('upgrade --wait', () => {
  it('asks again when the service expects its next anchor, within 2 to 30 seconds', () => {
    expect(nextRoundSeconds(12.2)).toBe(13);
    expect(nextRoundSeconds(0)).toBe(2);
    expect(nextRoundSeconds(600)).toBe(30);
    expect(nextRoundSeconds(null)).toBe(5);
  });
});
