/**
 * "Your submissions" travel between browsers as one JSON file: exported as kept, and imported only
 * when every entry is a submission whose leaf follows from its serial number and contract hash;
 * a file with any bad entry is refused whole, so an import never half-happens.
 */
import { contractAnchorLeaf } from '../home/contract-leaf';
import { MAX_SAVED_SUBMISSIONS, savedSubmissionSchema, type SavedSubmission } from './submissions-store';

export const SUBMISSIONS_EXPORT_FORMAT = 'zap1-submissions/1';
export const SUBMISSIONS_EXPORT_FILE_NAME = 'zap1-submissions.json';
/** Fifty submissions with their bundles fit well within this; anything larger is not an export. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export interface SubmissionsExport {
  format: typeof SUBMISSIONS_EXPORT_FORMAT;
  exported_at: string;
  submissions: SavedSubmission[];
}

export function submissionsExport(submissions: readonly SavedSubmission[], now: Date): SubmissionsExport {
  return { format: SUBMISSIONS_EXPORT_FORMAT, exported_at: now.toISOString(), submissions: [...submissions] };
}

/** The submissions of an export file's text, or why the file cannot be imported. */
export function parseSubmissionsExport(
  text: string,
): { ok: true; submissions: SavedSubmission[] } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not JSON.' };
  }
  if (
    typeof data !== 'object' ||
    data === null ||
    !('format' in data) ||
    data.format !== SUBMISSIONS_EXPORT_FORMAT
  ) {
    return {
      ok: false,
      reason: `it is not an export of submissions (no "format": "${SUBMISSIONS_EXPORT_FORMAT}").`,
    };
  }
  if (!('submissions' in data) || !Array.isArray(data.submissions)) {
    return { ok: false, reason: 'it has no list of submissions.' };
  }
  const submissions: SavedSubmission[] = [];
  for (const [index, item] of data.submissions.entries()) {
    const parsed = savedSubmissionSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      return { ok: false, reason: `submission ${index + 1} is not a valid submission${where}.` };
    }
    const leafProblem = leafProblemOf(parsed.data);
    if (leafProblem !== null) return { ok: false, reason: `submission ${index + 1}: ${leafProblem}` };
    submissions.push(parsed.data);
  }
  return { ok: true, submissions };
}

/**
 * Why an entry's leaf cannot be the service's record of it, or null when it follows from its serial
 * number and contract SHA-256. The wallet is left out: the leaf does not commit to it.
 */
function leafProblemOf(entry: SavedSubmission): string | null {
  const computed = contractAnchorLeaf({
    contractSha256: entry.contractSha256,
    serialNumber: entry.serialNumber,
  });
  if (!computed.ok) {
    const problem = Object.values(computed.problems)[0] ?? '';
    return `the service would not record it (${problem.replace(/\.$/, '')}).`;
  }
  if (computed.leafHex !== entry.leafHex) {
    return 'its leaf does not follow from its serial number and contract SHA-256.';
  }
  return null;
}

const keyOf = (s: Pick<SavedSubmission, 'baseUrl' | 'leafHex'>) => `${s.baseUrl}\n${s.leafHex}`;
const timeOf = (s: SavedSubmission) => {
  const at = Date.parse(s.submittedAt);
  return Number.isNaN(at) ? 0 : at;
};

/**
 * Kept and imported submissions as one list, newest first, each leaf of a service once: the kept
 * entry wins, taking the imported one's bundle only when it has none. `dropped` counts the oldest
 * that do not fit in what this browser keeps.
 */
export function mergeSubmissions(
  kept: readonly SavedSubmission[],
  incoming: readonly SavedSubmission[],
): { list: SavedSubmission[]; added: number; alreadyKept: number; dropped: number } {
  const byKey = new Map(kept.map((s) => [keyOf(s), s]));
  let added = 0;
  let alreadyKept = 0;
  for (const entry of incoming) {
    const existing = byKey.get(keyOf(entry));
    if (existing === undefined) {
      byKey.set(keyOf(entry), entry);
      added++;
      continue;
    }
    alreadyKept++;
    if (existing.bundle === undefined && entry.bundle !== undefined) {
      byKey.set(keyOf(entry), { ...existing, bundle: entry.bundle });
    }
  }
  const all = [...byKey.values()].sort((a, b) => timeOf(b) - timeOf(a));
  return {
    list: all.slice(0, MAX_SAVED_SUBMISSIONS),
    added,
    alreadyKept,
    dropped: Math.max(0, all.length - MAX_SAVED_SUBMISSIONS),
  };
}
