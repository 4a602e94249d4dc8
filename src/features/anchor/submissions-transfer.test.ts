import { describe, expect, it } from 'vitest';
import { leafHash } from 'zap1';
import { mergeSubmissions, parseSubmissionsExport, submissionsExport } from './submissions-transfer';
import { WORKED_EXAMPLE_SUBMISSION, submissionsExportText } from './worked-example-submission';

const ENTRY = WORKED_EXAMPLE_SUBMISSION;

const exportText = submissionsExportText;

describe('submissions export and import', () => {
  it('refuses an entry the service could never have recorded, even when its leaf adds up', () => {
    // leafHash hashes any text; the service refuses a serial with control characters.
    const serialNumber = 'Z15P\u0007001';
    const forged = {
      ...ENTRY,
      serialNumber,
      leafHex: leafHash({
        event_type: 'CONTRACT_ANCHOR',
        serial_number: serialNumber,
        contract_sha256: ENTRY.contractSha256,
      }),
    };
    expect(parseSubmissionsExport(exportText([ENTRY, forged]))).toEqual({
      ok: false,
      reason:
        'submission 2: the service would not record it (Serial number must not contain line breaks, tabs or other control characters).',
    });
  });

  it('reads back what it exports', () => {
    const text = JSON.stringify(submissionsExport([ENTRY], new Date('2026-11-26T06:00:00Z')));
    expect(parseSubmissionsExport(text)).toEqual({ ok: true, submissions: [ENTRY] });
  });

  it('refuses a file that is not an export, naming why', () => {
    expect(parseSubmissionsExport('{oops')).toEqual({ ok: false, reason: 'it is not JSON.' });
    expect(parseSubmissionsExport('[]')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an export of submissions/),
    });
    expect(parseSubmissionsExport(JSON.stringify({ format: 'zap1-submissions/1' }))).toEqual({
      ok: false,
      reason: 'it has no list of submissions.',
    });
  });

  it('refuses the whole file when one entry is bad or its leaf does not follow from its fields', () => {
    expect(parseSubmissionsExport(exportText([ENTRY, { ...ENTRY, leafHex: 'xyz' }]))).toEqual({
      ok: false,
      reason: 'submission 2 is not a valid submission (leafHex).',
    });
    expect(parseSubmissionsExport(exportText([{ ...ENTRY, serialNumber: 'Z15P-2026-002' }]))).toEqual({
      ok: false,
      reason: 'submission 1: its leaf does not follow from its serial number and contract SHA-256.',
    });
  });

  it('merges without duplicates, newest first, keeping a bundle the kept entry lacks', () => {
    const other = { ...ENTRY, baseUrl: 'https://other.example', submittedAt: '2026-11-26T07:00:00.000Z' };
    const merged = mergeSubmissions([ENTRY], [{ ...ENTRY, bundle: { anchored: true } }, other]);
    expect(merged.added).toBe(1);
    expect(merged.alreadyKept).toBe(1);
    expect(merged.dropped).toBe(0);
    expect(merged.list).toEqual([other, { ...ENTRY, bundle: { anchored: true } }]);
    expect(mergeSubmissions(merged.list, merged.list).list).toEqual(merged.list);
  });

  it('keeps only the newest fifty', () => {
    const many = Array.from({ length: 55 }, (_, i) => ({
      ...ENTRY,
      baseUrl: `https://s${i}.example`,
      submittedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    const merged = mergeSubmissions([], many);
    expect(merged.list).toHaveLength(50);
    expect(merged.dropped).toBe(5);
    expect(merged.list[0]?.baseUrl).toBe('https://s54.example');
  });
});
