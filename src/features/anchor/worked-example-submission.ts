/**
 * A saved submission whose leaf follows from its fields (docs/protocol.md 2.1, the worked example),
 * for the tests of exporting, importing and checking submissions (unit, component and e2e alike).
 */
import type { SavedSubmission } from './submissions-store';

export const WORKED_EXAMPLE_SUBMISSION: SavedSubmission = {
  baseUrl: '',
  fileName: 'contract.pdf',
  fileSize: 12,
  contractSha256: '0123456789abcdef'.repeat(4),
  serialNumber: 'Z15P-2026-001',
  walletHash: 'anon_1',
  leafHex: 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04',
  rootHex: null,
  status: 'created',
  submittedAt: '2026-11-26T05:00:00.000Z',
};

/** The text of a `zap1-submissions/1` export file holding `submissions`. */
export const submissionsExportText = (submissions: unknown[]): string =>
  JSON.stringify({ format: 'zap1-submissions/1', exported_at: '2026-11-26T06:00:00.000Z', submissions });
