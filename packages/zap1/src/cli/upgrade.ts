/**
 * `zap1 upgrade <receipts or folders…>`: completes pending receipts with their anchored proof and
 * the anchor's chain evidence, asking only a service the person chose (service-choice.ts), and
 * checking what it answers before writing it (the same verdict `zap1 verify` gives). With `--wait`
 * it asks again, as often as the service's next-anchor estimate suggests, until every receipt is
 * complete or the timeout passes.
 */
import { parseArgs } from 'node:util';
import {
  createClient,
  isReceiptFileName,
  receiptAnchor,
  verifyClaim,
  visibleText,
  type Receipt,
} from '../index.js';
import { UsageError, reasonOf, serviceAddress, sleep } from './cli-common.js';
import { readConfig } from './cli-config.js';
import { expandPaths } from './document-files.js';
import { terminalSafeJson } from './print-outcome.js';
import { readReceiptFile } from './receipt-files.js';
import { serviceChooser } from './service-choice.js';
import { Terminal, type Colour } from './terminal.js';
import { replaceFile } from './upgrade-file.js';

export const UPGRADE_USAGE = `Usage: zap1 upgrade <receipts or folders…> [--service URL] [--wait] [--timeout S] [--json]

  Completes each pending receipt in place once its event is anchored: the proof, and the
  anchor's chain evidence where the service keeps it. Folders are searched for *.zap1.json.

  --service URL  the service to ask (default: the one the receipt names, if you stamped with it)
  --wait         keep asking until every receipt is complete (as often as the service expects
                 its next anchor), or until --timeout passes
  --timeout S    seconds to wait at most (default 3600)
  --json         print one JSON array: {receipt, status, txid, height, error}

Examples:
  zap1 upgrade contract.pdf.zap1.json
  zap1 upgrade ./closing-binder --wait --timeout 1800

Exit codes: 0 every receipt is complete, 1 a service answered a proof that does not hold,
2 usage or unreadable receipts, 3 some are still pending.`;

type Status = 'complete' | 'upgraded' | 'pending' | 'invalid' | 'unreadable';

interface Row {
  receipt: string;
  status: Status;
  txid: string | null;
  height: number | null;
  error: string | null;
}

const DONE: ReadonlySet<Status> = new Set(['complete', 'upgraded', 'invalid', 'unreadable']);

/**
 * Seconds between rounds of `--wait`: the service's estimate of its next anchor, kept between 2 s
 * and 30 s (an anchor already sent waits for its block, which the estimate does not count).
 */
export function nextRoundSeconds(expectedWaitS: number | null | undefined): number {
  if (typeof expectedWaitS !== 'number' || !Number.isFinite(expectedWaitS)) return 5;
  return Math.min(30, Math.max(2, Math.ceil(expectedWaitS)));
}

async function upgradeOne(row: Row, chooser: ReturnType<typeof serviceChooser>): Promise<void> {
  const read = await readReceiptFile(row.receipt);
  if (!read.ok) {
    row.status = 'unreadable';
    row.error = read.problem;
    return;
  }
  const anchorOf = (receipt: Receipt) => {
    const anchor = receiptAnchor(receipt);
    row.txid = anchor?.txid ?? null;
    row.height = anchor?.height ?? null;
  };
  if (receiptAnchor(read.receipt) !== null) {
    row.status = 'complete';
    anchorOf(read.receipt);
    return;
  }
  const { reader, reason } = chooser.readerFor(read.receipt);
  if (reader === null) {
    row.status = 'unreadable';
    row.error = `no service to ask: ${reason}`;
    return;
  }
  const outcome = await verifyClaim(
    { receipt: read.receipt, bundle: read.raw, file: null },
    reader,
    new Date(),
  );
  if (outcome.judgement.verdict === 'invalid') {
    row.status = 'invalid';
    row.error = outcome.judgement.summary;
    return;
  }
  if (outcome.completedReceipt === null) {
    row.status = 'pending';
    row.error = outcome.serviceProblem;
    return;
  }
  await replaceFile(row.receipt, `${JSON.stringify(outcome.completedReceipt, null, 2)}\n`);
  row.status = 'upgraded';
  anchorOf(outcome.completedReceipt);
}

/** The soonest next anchor any asked service expects, in seconds (null when none says). */
async function expectedWait(services: string[]): Promise<number | null> {
  const waits = await Promise.all(
    services.map((url) =>
      createClient({ baseUrl: url })
        .anchorStatus()
        .then((status) => status.expected_wait_s ?? null)
        .catch(() => null),
    ),
  );
  const known = waits.filter((w): w is number => w !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

export async function upgradeCommand(argv: string[], term = new Terminal()): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      wait: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '3600' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(UPGRADE_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('give the receipts (files or folders) to upgrade');
  const timeout = Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout < 0) {
    throw new UsageError(`--timeout must be a number of seconds, got "${values.timeout}"`);
  }
  const explicit = new Set(positionals);
  const receipts = (await expandPaths(positionals)).filter((f) => isReceiptFileName(f) || explicit.has(f));
  if (receipts.length === 0) throw new UsageError('there is no receipt (*.zap1.json) in what was given');
  const chooser = serviceChooser({
    service: values.service === undefined ? null : serviceAddress(values.service),
    offline: false,
    config: await readConfig(),
  });
  const rows: Row[] = receipts.map((receipt) => ({
    receipt,
    status: 'pending',
    txid: null,
    height: null,
    error: null,
  }));
  const deadline = Date.now() + timeout * 1000;
  for (let round = 1; ; round++) {
    for (const [index, row] of rows.entries()) {
      if (DONE.has(row.status)) continue;
      term.progress(`${index + 1}/${rows.length} asking about ${row.receipt}`);
      try {
        await upgradeOne(row, chooser);
      } catch (error) {
        row.status = 'unreadable';
        row.error = reasonOf(error);
      }
      if (DONE.has(row.status) || !values.wait) report(term, values.json, row);
    }
    const pending = rows.filter((r) => r.status === 'pending');
    if (!values.wait || pending.length === 0 || Date.now() >= deadline) break;
    const seconds = Math.min(
      nextRoundSeconds(await expectedWait(chooser.asked())),
      Math.ceil((deadline - Date.now()) / 1000),
    );
    term.note(
      `${pending.length} of ${rows.length} still pending (round ${round}); asking again in ${seconds} s.`,
    );
    await sleep(seconds * 1000);
    chooser.refresh();
  }
  if (values.wait)
    for (const row of rows.filter((r) => r.status === 'pending')) report(term, values.json, row);
  return summarise(term, values.json, rows);
}

const WORDS: Record<Status, [string, Colour]> = {
  complete: ['complete', 'green'],
  upgraded: ['upgraded', 'green'],
  pending: ['pending ', 'yellow'],
  invalid: ['INVALID ', 'red'],
  unreadable: ['FAILED  ', 'red'],
};

function report(term: Terminal, json: boolean, row: Row): void {
  if (json) return;
  const [word, colour] = WORDS[row.status];
  const detail =
    row.txid !== null
      ? `anchored in transaction ${row.txid}${row.height === null ? '' : ` at height ${row.height}`}`
      : (row.error ?? (row.status === 'pending' ? 'not anchored yet' : ''));
  term.line(`${term.paint(word, colour)}  ${visibleText(row.receipt)}  ${visibleText(detail)}`);
}

function summarise(term: Terminal, json: boolean, rows: Row[]): number {
  const count = (...statuses: Status[]) => rows.filter((r) => statuses.includes(r.status)).length;
  if (json) console.log(terminalSafeJson(rows));
  else {
    term.line(
      `${rows.length} receipt${rows.length === 1 ? '' : 's'}: ${count('upgraded')} upgraded, ${count('complete')} complete already, ${count('pending')} pending, ${count('invalid')} invalid, ${count('unreadable')} failed.`,
    );
  }
  if (count('invalid') > 0) return 1;
  if (count('unreadable') > 0) return 2;
  return count('pending') > 0 ? 3 : 0;
}
