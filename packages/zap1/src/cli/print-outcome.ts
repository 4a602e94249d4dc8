/**
 * What zap1-verify prints about a verification. Two rules:
 *
 * - What it shows as proven is what the leaf proves (its type and the fields its preimage hashes,
 *   `provenReceiptFields`), and only under ANCHORED. Everything else a receipt carries (a wallet
 *   the leaf does not hash, the file's name and size, the service, the time) is the receipt's own
 *   statement and printed as such.
 * - Every string that came from the receipt, the bundle, a file name, a service's answer, or an error
 *   quoting them is untrusted: a terminal escape sequence in it could rewrite lines already printed,
 *   a bidi override could reorder them. Text output shows such characters as `<U+XXXX>`
 *   (`visibleText`); JSON output keeps the data and writes them as `\uXXXX` escapes.
 */
import {
  HISTORICAL_BUNDLE_WARNING,
  heightWords,
  jsonPreview,
  provenReceiptFields,
  receiptCommitsToFile,
  visibleText,
  type ClaimOutcome,
  type Receipt,
} from '../index.js';

/** Lines of text, each shown with its hidden and reordering characters made visible (newlines in a value included). */
export function visibleLines(lines: readonly string[]): string {
  return lines.map(visibleText).join('\n');
}

/**
 * `value` as JSON with every character `visibleText` would replace written as a `\uXXXX` escape:
 * the same JSON data (JSON.parse gives the same value back), but nothing in it a terminal acts on.
 * JSON.stringify escapes only U+0000-U+001F; C1 controls such as U+009B (a one-character CSI), bidi
 * overrides and invisible characters it writes as they are.
 */
export function terminalSafeJson(value: unknown): string {
  let out = '';
  for (const char of JSON.stringify(value)) {
    if (visibleText(char) === char) {
      out += char;
      continue;
    }
    for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out;
}

export function jsonReport(outcome: ClaimOutcome): string {
  const j = outcome.judgement;
  const evidence = outcome.evidence;
  return terminalSafeJson({
    verdict: j.verdict,
    leaf: j.leafHex,
    root: j.rootHex,
    txid: j.txid,
    height: j.height,
    checks: j.checks,
    evidence: evidence && {
      txid: evidence.txid,
      height: evidence.height,
      block_hash: evidence.block_hash,
      memo_root: outcome.recoveredMemoRootHex,
    },
    ...(j.historical ? { warning: HISTORICAL_BUNDLE_WARNING } : {}),
  });
}

/** The checks chain evidence gets from its own bytes, in the order core runs them. */
const BYTE_CHECKS = ['transaction', 'memo', 'branch', 'commitments', 'header', 'work'] as const;

/**
 * What the chain evidence settled, where there is some: where it came from, the checks run on its
 * bytes, and (when no source named the block) exactly what is left to look up, and how to give
 * it back to this command.
 */
function evidenceLines(outcome: ClaimOutcome, receipt: Receipt | null): string[] {
  const evidence = outcome.evidence;
  if (evidence === null) return [];
  const j = outcome.judgement;
  const from =
    receipt?.chain_evidence !== undefined
      ? 'from the receipt'
      : `from ${outcome.service ?? 'the service'}, not yet in the receipt`;
  const lines = [
    `  Chain evidence (${from}): transaction ${evidence.txid} in block ${evidence.block_hash} at height ${heightWords(evidence.height)}.`,
  ];
  const byteChecks = j.checks.filter((c) => (BYTE_CHECKS as readonly string[]).includes(c.name));
  if (byteChecks.length === 0) {
    lines.push('  It was not checked: the proof does not reach an anchor it could back.');
    return lines;
  }
  const failed = byteChecks.filter((c) => c.status === 'fail').map((c) => c.name);
  const unbound = byteChecks.some((c) => c.name === 'commitments' && c.status === 'unknown');
  lines.push(
    failed.length === 0
      ? `  Checked on the chain's own bytes: ${byteChecks.map((c) => c.name).join(', ')} (the transaction hashes to its txid, the viewing key reads ZAP1:09:${outcome.recoveredMemoRootHex ?? '?'} from it, its branch reaches the header${unbound ? '' : ", its proofs and signatures reach the header's block commitments"}, the header hashes to the block and carries its proof of work).`
      : `  Checked on the chain's own bytes, and failed: ${failed.join(', ')}.`,
  );
  if (failed.length === 0 && unbound) {
    lines.push(
      "  Not bound: the transaction's proofs and signatures (the evidence carries no auth data branch); the txid binds the rest, the memo among it.",
    );
  }
  if (j.checks.some((c) => c.name === 'block' && c.status === 'unknown')) {
    lines.push(
      `  Left to check: the block at height ${heightWords(evidence.height)} must be ${evidence.block_hash}. Read its hash in an explorer or on your node, then run again with --block-hash <the hash you read> (or --rpc <your node>).`,
    );
  }
  return lines;
}

// A field may nest deeper than JSON.stringify's stack allows: shown cut, as a preview.
const shown = (value: unknown): string => (typeof value === 'string' ? value : jsonPreview(value));

function fieldLines(pairs: ReadonlyArray<readonly [string, unknown]>): string[] {
  const width = Math.max(...pairs.map(([field]) => field.length));
  return pairs.map(([field, value]) => `  ${field.padEnd(width)}  ${shown(value)}`);
}

/**
 * The receipt's contents in two blocks: what the anchored leaf proves, and what the receipt states.
 * Unless the verdict is ANCHORED nothing is proven; the fields the leaf commits to are then listed
 * as such only when they hash to it (the event check passed), and otherwise as the receipt's statement.
 */
function receiptLines(receipt: Receipt, outcome: ClaimOutcome): string[] {
  const j = outcome.judgement;
  const hashesToLeaf = j.checks.some((c) => c.name === 'event' && c.status === 'pass');
  const committed = hashesToLeaf && j.verdict !== 'invalid' ? provenReceiptFields(receipt) : [];
  const committedNames = new Set(committed.map(([field]) => field));
  const stated: Array<[string, unknown]> = Object.entries(receipt.event).filter(
    ([field]) => !committedNames.has(field),
  );
  if (receipt.file) {
    const note = receiptCommitsToFile(receipt) ? '' : ', a file its leaf does not commit to';
    stated.push(['file', `${receipt.file.name} (${shown(receipt.file.size)} bytes${note})`]);
  }
  const network = receipt.service.network;
  stated.push(['service', network ? `${receipt.service.url} (${network})` : receipt.service.url]);
  stated.push(['created_at', receipt.created_at]);

  const lines: string[] = [];
  if (committed.length > 0) {
    lines.push(
      j.verdict === 'anchored'
        ? 'Proven by the anchored leaf:'
        : 'The leaf commits to (not proven until its anchor is confirmed):',
      ...fieldLines(committed),
    );
  }
  lines.push('Stated by the receipt (not proven):', ...fieldLines(stated));
  return lines;
}

export function textReport(outcome: ClaimOutcome, receipt: Receipt | null): string {
  const j = outcome.judgement;
  const mark = { pass: 'ok ', fail: 'BAD', unknown: ' ? ' } as const;
  const lines = [
    `${j.verdict.toUpperCase()}: ${j.summary}`,
    `  leaf   ${j.leafHex ?? '(none)'}`,
    `  root   ${j.rootHex ?? '(none)'}`,
    `  anchor ${j.txid ? `transaction ${j.txid} at height ${j.height ?? '?'}` : '(none yet)'}`,
    ...j.checks.map((c) => `  [${mark[c.status]}] ${c.name}: ${c.detail}`),
  ];
  if (j.historical) lines.push(`  WARNING: ${HISTORICAL_BUNDLE_WARNING}`);
  lines.push(...evidenceLines(outcome, receipt));
  if (outcome.service) lines.push(`  The anchor was checked against ${outcome.service}'s history.`);
  if (receipt) lines.push(...receiptLines(receipt, outcome));
  return visibleLines(lines);
}
