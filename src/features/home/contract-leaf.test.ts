import { describe, expect, it } from 'vitest';
import { leafHash } from 'zap1';
import { contractLeaf } from './contract-leaf';

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
