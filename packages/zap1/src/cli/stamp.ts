/**
 * `zap1 stamp <files or folders…> --service URL`: each document hashed as a stream, recorded with
 * the service as a CONTRACT_ANCHOR event, and a pending receipt written beside it as
 * `<document>.zap1.json` (completed later by `zap1 upgrade`).
 *
 * Nothing is sent twice: a document with its receipt beside it is skipped and said so, and every
 * event is the same on every run (its reference and pseudonym come from the document and the
 * config's secret, cli-config.ts), so a run cut short after the service recorded an event but
 * before its receipt was written sends that event again and the service answers `exists`.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createClient,
  documentReference,
  EMPTY_FILE_SHA256,
  isReceiptFileName,
  leafHash,
  makeReceipt,
  validateEvent,
  visibleText,
  Zap1Error,
  type Zap1Client,
} from '../index.js';
import { UsageError, reasonOf, serviceAddress, sha256File, sleep } from './cli-common.js';
import { configPath, defaultIdentity, readConfig, writeConfig, type CliConfig } from './cli-config.js';
import { exists, expandPaths, receiptPathFor } from './document-files.js';
import { terminalSafeJson } from './print-outcome.js';
import { Terminal, byteWords, type Colour } from './terminal.js';
import { writeNewFile } from './upgrade-file.js';

export const STAMP_USAGE = `Usage: zap1 stamp <files or folders…> --service URL [--key KEY] [--wallet W]
                  [--reference PATTERN] [--json]

  Records each document with the service and writes its pending receipt beside it
  (contract.pdf → contract.pdf.zap1.json). Folders are walked whole; receipts and hidden
  files in them are left alone. A document that has its receipt already is skipped.

  --service URL        the ZAP1 service to record with (kept in the config file, so that
                       upgrade and verify may ask it about these receipts)
  --key KEY            a key of that service (or ZAP1_KEY); without one, a trial key is asked
                       for once and kept, readable by you alone, in ${configPath().replace(process.env['HOME'] ?? '\0', '~')}
  --wallet W           the wallet pseudonym for every document (default: a private one per document)
  --reference PATTERN  each document's reference (its serial number): {name} the file's name,
                       {stem} the name without its extension, {ref} a private reference derived
                       from the document (the default is {ref})
  --json               print one JSON array: {file, receipt, status, sha256, leaf, error}

Examples:
  zap1 stamp contract.pdf --service https://zap1.example
  zap1 stamp ./closing-binder --service https://zap1.example --reference 'ACME-{stem}'

Exit codes: 0 every document has its receipt, 1 some could not be stamped (listed),
2 usage, or the service could not be used.`;

type Status = 'stamped' | 'exists' | 'skipped' | 'failed';

interface Row {
  file: string;
  receipt: string;
  status: Status;
  sha256: string | null;
  leaf: string | null;
  error: string | null;
}

/** Stops the whole batch (no key left, the service gone): what was sent is said, nothing else is tried. */
class BatchStop extends Error {}

/** A document's reference from the `--reference` pattern ({name}, {stem}, {ref}). */
export function referenceOf(pattern: string, file: string, ref: string): string {
  return documentReference(pattern, path.basename(file), () => ref);
}

function contractEvent(wallet: string, reference: string, sha256: string) {
  return {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: wallet,
    serial_number: reference,
    contract_sha256: sha256,
  };
}

/** The service's key: the one given, the one kept for it, or a new trial key, kept. */
async function keyFor(
  client: Zap1Client,
  service: string,
  given: string | undefined,
  config: CliConfig,
  term: Terminal,
): Promise<{ key: string; kept: boolean }> {
  if (given) return { key: given, kept: false };
  const kept = config.services[service]?.key;
  if (kept) return { key: kept, kept: true };
  return { key: await newTrialKey(client, service, config, term), kept: true };
}

async function newTrialKey(client: Zap1Client, service: string, config: CliConfig, term: Terminal) {
  let trial;
  try {
    trial = await client.trialKey();
  } catch (error) {
    throw new UsageError(`${service} gave no trial key (${reasonOf(error)}); give one with --key`);
  }
  config.services[service] = { key: trial.key, key_expires_at: trial.expires_at ?? null };
  await writeConfig(config);
  term.note(
    `Got a trial key from ${service} (${trial.quota} events, ${trial.expires_in_days} days); kept in ${configPath()}.`,
  );
  return trial.key;
}

/** Sends one event, waiting out a `429` as its `Retry-After` asks; a key that cannot write stops the batch. */
async function submit(
  send: () => Promise<{ leaf_hash: string; status: string }>,
  term: Terminal,
  renewKey: (() => Promise<void>) | null,
): Promise<{ leaf_hash: string; status: string }> {
  let renewed = false;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof Zap1Error)) throw error;
      const wait = error.retryAfter;
      if ((error.status === 429 || error.status === 503) && attempt < 20) {
        const seconds = wait ?? Math.min(60, 2 ** attempt);
        term.note(`The service asks to wait (${error.message}): waiting ${seconds} s.`);
        await sleep(seconds * 1000);
        continue;
      }
      // A kept trial key that expired, or that a reset service no longer knows, is replaced once.
      if ((error.code === 'key_expired' || error.code === 'unauthorized') && renewKey !== null && !renewed) {
        term.note(`The kept trial key was refused (${error.message}): asking for a new one.`);
        await renewKey();
        renewed = true;
        continue;
      }
      if (error.code === 'quota_exhausted') {
        throw new BatchStop(`${error.message.replace(/\.$/, '')} (or give another key with --key)`);
      }
      if (error.status === 0 || error.status === 401 || error.status === 403 || error.status >= 500) {
        throw new BatchStop(error.message);
      }
      throw error;
    }
  }
}

export async function stampCommand(argv: string[], term = new Terminal()): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      key: { type: 'string' },
      wallet: { type: 'string' },
      reference: { type: 'string', default: '{ref}' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(STAMP_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('give the documents (files or folders) to stamp');
  if (values.service === undefined)
    throw new UsageError('give --service with the ZAP1 service to record with');
  const service = serviceAddress(values.service);
  const pattern = values.reference;
  const sample = contractEvent(
    values.wallet ?? 'anon_0',
    referenceOf(pattern, 'a.pdf', 'REF-0'),
    EMPTY_FILE_SHA256,
  );
  const problems = validateEvent(sample).filter((p) => p.field !== 'contract_sha256');
  if (problems.length > 0) {
    throw new UsageError(problems.map((p) => p.message.replace('serial_number', '--reference')).join('; '));
  }

  const documents = (await expandPaths(positionals)).filter((file) => !isReceiptFileName(file));
  if (documents.length === 0) throw new UsageError('there is no document to stamp in what was given');
  const config = await readConfig();
  const publicClient = createClient({ baseUrl: service });
  let network: string | null;
  try {
    network = (await publicClient.protocolInfo()).network ?? null;
  } catch (error) {
    throw new UsageError(`${service} could not be used as a ZAP1 service: ${reasonOf(error)}`);
  }
  const given = values.key ?? process.env['ZAP1_KEY'];
  const chosen = await keyFor(publicClient, service, given, config, term);
  let key = chosen.key;
  if (!config.services[service]) {
    config.services[service] = {};
    await writeConfig(config);
  }
  const renewKey = chosen.kept
    ? async () => {
        key = await newTrialKey(publicClient, service, config, term);
      }
    : null;

  const session: Session = {
    term,
    pattern,
    wallet: values.wallet,
    secret: config.secret,
    service,
    network,
    send: (event) => createClient({ baseUrl: service, apiKey: key }).submitEvent(event),
    renewKey,
  };
  const rows: Row[] = [];
  let stop: string | null = null;
  for (const [index, file] of documents.entries()) {
    const row: Row = {
      file,
      receipt: receiptPathFor(file),
      status: 'failed',
      sha256: null,
      leaf: null,
      error: null,
    };
    rows.push(row);
    if (stop !== null) {
      row.error = 'not sent: the batch stopped';
      continue;
    }
    try {
      await stampOne(row, `${index + 1}/${documents.length}`, session);
    } catch (error) {
      if (error instanceof BatchStop) stop = error.message;
      row.error = reasonOf(error);
    }
    report(term, values.json, row);
  }
  return summarise(term, values.json, rows, stop);
}

interface Session {
  term: Terminal;
  pattern: string;
  wallet: string | undefined;
  secret: string;
  service: string;
  network: string | null;
  send: (event: Record<string, unknown>) => Promise<{ leaf_hash: string; status: string }>;
  renewKey: (() => Promise<void>) | null;
}

/** One document: hashed, its event checked and sent, its receipt written; `row` says how it went. */
async function stampOne(row: Row, counter: string, s: Session): Promise<void> {
  if (await exists(row.receipt)) {
    row.status = 'skipped';
    row.error = `it has its receipt: ${row.receipt}`;
    return;
  }
  const name = path.basename(row.file);
  const total = (await stat(row.file)).size;
  let shownPercent = -1;
  const { sha256Hex, size } = await sha256File(row.file, (read) => {
    const percent = Math.floor((read * 100) / Math.max(1, total));
    if (percent !== shownPercent)
      s.term.progress(`${counter} hashing ${name}: ${percent}% of ${byteWords(total)}`);
    shownPercent = percent;
  });
  row.sha256 = sha256Hex;
  if (sha256Hex === EMPTY_FILE_SHA256) throw new Error('the file is empty: there is no document to anchor');
  const identity = defaultIdentity(s.secret, sha256Hex);
  const event = contractEvent(
    s.wallet ?? identity.wallet,
    referenceOf(s.pattern, row.file, identity.reference),
    sha256Hex,
  );
  const problems = validateEvent(event);
  if (problems.length > 0) throw new Error(problems.map((p) => p.message).join('; '));
  s.term.progress(`${counter} sending ${name}`);
  const answer = await submit(() => s.send(event), s.term, s.renewKey);
  const localLeaf = leafHash(event);
  if (answer.leaf_hash !== localLeaf) {
    throw new BatchStop(
      `the service recorded leaf ${answer.leaf_hash}, not ${localLeaf}: it does not hash events as ZAP1 does`,
    );
  }
  row.leaf = localLeaf;
  const receipt = makeReceipt({
    serviceUrl: s.service,
    network: s.network,
    event,
    leafHex: localLeaf,
    file: { name, size },
    now: new Date(),
  });
  if (!(await writeNewFile(row.receipt, `${JSON.stringify(receipt, null, 2)}\n`))) {
    row.status = 'skipped';
    row.error = `another run wrote its receipt meanwhile: ${row.receipt}`;
    return;
  }
  row.status = answer.status === 'exists' ? 'exists' : 'stamped';
}

const WORDS: Record<Status, [string, Colour]> = {
  stamped: ['stamped', 'green'],
  exists: ['stamped', 'green'],
  skipped: ['skipped', 'dim'],
  failed: ['FAILED ', 'red'],
};

function report(term: Terminal, json: boolean, row: Row): void {
  if (json) return;
  const [word, colour] = WORDS[row.status];
  const detail =
    row.status === 'failed' || row.status === 'skipped'
      ? (row.error ?? '')
      : `→ ${row.receipt} (pending${row.status === 'exists' ? '; the service had recorded it before' : ''})`;
  term.line(`${term.paint(word, colour)}  ${visibleText(row.file)}  ${visibleText(detail)}`);
}

function summarise(term: Terminal, json: boolean, rows: Row[], stop: string | null): number {
  const count = (status: Status) => rows.filter((r) => r.status === status).length;
  const sent = count('stamped') + count('exists');
  const failed = count('failed');
  if (json) {
    console.log(terminalSafeJson(rows));
  } else {
    if (stop !== null)
      term.note(`Stopped: ${stop}. ${sent} sent before it stopped; run again to send the rest.`);
    term.line(
      `${rows.length} document${rows.length === 1 ? '' : 's'}: ${sent} stamped, ${count('skipped')} skipped, ${failed} failed.` +
        (sent > 0
          ? ' Receipts stay pending until the service anchors them: zap1 upgrade <receipts> --wait'
          : ''),
    );
  }
  return failed > 0 ? 1 : 0;
}
