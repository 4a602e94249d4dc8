/**
 * What each service answered a verification, kept for a minute: comparing a block hash, or giving
 * the document, verifies again with every service answer the same, so a service that was down is not
 * asked again (and the comparison needs no network at all). "Check again" asks afresh.
 */
import type { ServiceReader } from 'zap1';

const KEEP_MS = 60_000;
const answers = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * `reader` with its answers kept by question, within `scope` (one claim on one page: another claim,
 * or another visit, asks afresh); `fresh` forgets what was kept there.
 */
export function rememberingReader(
  reader: ServiceReader,
  scope: string,
  fresh: boolean,
  now = Date.now(),
): ServiceReader {
  const prefix = `${scope} ${reader.trust} ${reader.url} `;
  for (const [key, kept] of answers) if (now - kept.at >= KEEP_MS) answers.delete(key);
  if (fresh) for (const key of [...answers.keys()]) if (key.startsWith(prefix)) answers.delete(key);
  const kept = <T>(question: string, ask: () => Promise<T>): Promise<T> => {
    const key = prefix + question;
    const hit = answers.get(key);
    if (hit && now - hit.at < KEEP_MS) return hit.answer as Promise<T>;
    const answer = ask();
    answers.set(key, { at: now, answer });
    return answer;
  };
  const evidence = reader.evidence?.bind(reader);
  return {
    ...reader,
    network: () => kept('network', () => reader.network()),
    leafKnown: (leaf) => kept(`leaf ${leaf}`, () => reader.leafKnown(leaf)),
    proof: (leaf) => kept(`proof ${leaf}`, () => reader.proof(leaf)),
    historyPage: (before) => kept(`history ${before}`, () => reader.historyPage(before)),
    ...(evidence ? { evidence: (txid: string) => kept(`evidence ${txid}`, () => evidence(txid)) } : {}),
  };
}
