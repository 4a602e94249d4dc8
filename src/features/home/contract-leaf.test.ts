import { describe, expect, it } from 'vitest';
import { leafHash } from 'zap1';
import { contractAnchorLeaf, contractLeaf } from './contract-leaf';

const FILE_SHA256 = 'ab'.repeat(32);

describe('contractLeaf', () => {
  it('computes the leaf the service records for this file and serial (the protocol library’s leafHash)', () => {
    const result = contractLeaf(FILE_SHA256, 'SN-2026-001');
    expect(result).toEqual({
      ok: true,
      leafHex: leafHash({
        event_type: 'CONTRACT_ANCHOR',
        serial_number: 'SN-2026-001',
        contract_sha256: FILE_SHA256,
      }),
    });
    // The leaf is not the file's hash, and another serial makes another leaf.
    expect(result.ok && result.leafHex).not.toBe(FILE_SHA256);
    const other = contractLeaf(FILE_SHA256, 'SN-2026-002');
    expect(other.ok && other.leafHex).not.toBe(result.ok && result.leafHex);
  });

  it('takes the serial as typed: a trailing space is another leaf', () => {
    const plain = contractLeaf(FILE_SHA256, 'SN-1');
    const spaced = contractLeaf(FILE_SHA256, 'SN-1 ');
    expect(plain.ok && spaced.ok && plain.leafHex !== spaced.leafHex).toBe(true);
  });

  it('asks for a serial, and refuses what the service would refuse, in the form’s words', () => {
    expect(contractLeaf(FILE_SHA256, '')).toEqual({
      ok: false,
      field: 'serial_number',
      message: expect.stringMatching(/^Enter the serial number/),
    });
    expect(contractLeaf(FILE_SHA256, 'a\nb')).toEqual({
      ok: false,
      field: 'serial_number',
      message: expect.stringMatching(/^Serial number must not contain line breaks/),
    });
    expect(contractLeaf('ABC', 'SN-1')).toEqual({
      ok: false,
      field: 'contract_sha256',
      message: expect.stringMatching(/^Contract SHA-256 /),
    });
  });
});

describe('contractAnchorLeaf', () => {
  const values = { contractSha256: FILE_SHA256, serialNumber: 'SN-2026-001' };
  const expected = leafHash({
    event_type: 'CONTRACT_ANCHOR',
    serial_number: 'SN-2026-001',
    contract_sha256: FILE_SHA256,
  });

  it('gives the same leaf with any valid wallet or none: the leaf does not commit to it', () => {
    expect(contractAnchorLeaf(values)).toEqual({ ok: true, leafHex: expected });
    expect(contractAnchorLeaf({ ...values, walletHash: 'anon_1' })).toEqual({ ok: true, leafHex: expected });
    expect(contractAnchorLeaf({ ...values, walletHash: 'someone-else' })).toEqual({
      ok: true,
      leafHex: expected,
    });
  });

  it('checks a wallet when one is given, as the service would', () => {
    expect(contractAnchorLeaf({ ...values, walletHash: 'has space' })).toEqual({
      ok: false,
      problems: {
        wallet_hash:
          'Wallet pseudonym may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
      },
    });
    expect(contractAnchorLeaf({ ...values, walletHash: '' })).toMatchObject({
      ok: false,
      problems: { wallet_hash: 'Wallet pseudonym must be 1 to 128 characters long.' },
    });
  });

  it('names every field the service would refuse, and computes no leaf', () => {
    expect(
      contractAnchorLeaf({ contractSha256: 'ABC', serialNumber: 'a\u0007b', walletHash: 'w'.repeat(129) }),
    ).toEqual({
      ok: false,
      problems: {
        contract_sha256: expect.stringMatching(/^Contract SHA-256 /),
        serial_number: 'Serial number must not contain line breaks, tabs or other control characters.',
        wallet_hash: 'Wallet pseudonym must be 1 to 128 characters long.',
      },
    });
  });
});
