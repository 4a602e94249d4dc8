/**
 * `zap1 verify <files, receipts or folders…>`: each document paired with its receipt, each pair
 * given the single-file verdict (`verifyClaim`, as `zap1-verify` and the web app give it), one line
 * per document and a summary.
 *
 * Documents and receipts are paired as the web app pairs them (`pairDocuments`): the receipt beside
 * the document, else one committing to its SHA-256, else one naming its file. A document left over
 * has no receipt, a receipt left over no document: both are rows that say so.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  documentPathOf,
  isBatchManifest,
  isReceiptFileName,
  NO_DOCUMENT,
  NO_RECEIPT,
  pairDocuments,
  receiptCommitsToFile,
  type DocumentPair,
  verifyClaim,
  type ChainEvidence,
  type ClaimOutcome,
  type Receipt,
} from '../index.js';
import { BLOCK_HASH, UsageError, nodeSources, serviceAddress, sha256File } from './cli-common.js';
import { readConfig } from './cli-config.js';
import { exists, expandPaths, receiptPathFor } from './document-files.js';
import { readReceiptFile } from './receipt-files.js';
import { serviceChooser } from './service-choice.js';
import { Terminal } from './terminal.js';
import { reportRows, type VerifyRow } from './verify-report.js';

export const VERIFY_USAGE = `Usage: zap1 verify <files, receipts or folders…> [--service URL | --offline] [--rpc URL]
                   [--block-hash HEX]… [--json]

  Pairs each document with its receipt (contract.pdf with contract.pdf.zap1.json) and checks
  each pair on this machine: one line per document, and a summary.

  --service URL    the ZAP1 service you use: its history confirms each anchor's block (default:
                   the service a receipt names, if you stamped with it; never one a receipt
                   alone names)
  --offline        ask no service: receipts with chain evidence are checked on their own bytes,
                   and each leaves its block hash to compare
  --rpc URL        a Zcash node you trust (http://user:password@host:8232)
  --block-hash HEX the hash of an anchor's block as you read it (repeat for several blocks)
  --json           print one JSON array: {file, receipt, verdict, check, detail, leaf, txid, height}

Examples:
  zap1 verify ./closing-binder --service https://zap1.example
  zap1 verify contract.pdf --offline --block-hash 0000000001a2…

Exit codes: 0 every document is anchored, 1 any is invalid, 2 usage,
3 otherwise (pending, unconfirmed, or a document without its receipt).`;

type Pair = DocumentPair<
  { file: string; sha256Hex: string },
  { file: string; receipt: Receipt; raw: unknown }
>;

/** The first `n` bytes of a file as text ('' when it cannot be read). */
async function firstBytes(file: string, n: number): Promise<string> {
  const handle = await open(file, 'r').catch(() => null);
  if (handle === null) return '';
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(n), 0, n, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * The documents and receipts among `files`, with the receipt beside each named document added; a
 * batch's `manifest.csv` (written by the web app beside its receipts) is neither.
 */
async function gather(positionals: string[]): Promise<{ documents: string[]; receipts: string[] }> {
  const files = await expandPaths(positionals);
  const explicit = new Set(positionals.map((p) => path.resolve(p)));
  const extra: string[] = [];
  for (const file of files) {
    if (!explicit.has(path.resolve(file))) continue;
    // A document or a receipt named alone brings its partner beside it.
    const partners = isReceiptFileName(file)
      ? [documentPathOf(file)]
      : [receiptPathFor(file), `${file}.pending.zap1.json`];
    for (const partner of partners) if (await exists(partner)) extra.push(partner);
  }
  const all = await expandPaths([...files, ...extra]);
  const manifests = new Set<string>();
  for (const file of all.filter((f) => path.basename(f) === 'manifest.csv')) {
    const head = await firstBytes(file, 200);
    if (isBatchManifest(file, head)) manifests.add(file);
  }
  return {
    documents: all.filter((f) => !isReceiptFileName(f) && !manifests.has(f)),
    receipts: all.filter(isReceiptFileName),
  };
}

function rowOf(pair: Pair, outcome: ClaimOutcome | null): VerifyRow {
  const documentFile =
    pair.document?.file ??
    (pair.receipt && receiptCommitsToFile(pair.receipt.receipt) ? documentPathOf(pair.receipt.file) : null);
  const base = {
    file: documentFile,
    receipt: pair.receipt?.file ?? null,
    leaf: null,
    txid: null,
    height: null,
    blockTime: null,
  };
  if (outcome === null) {
    const detail = pair.receipt === null ? NO_RECEIPT : NO_DOCUMENT;
    return { ...base, verdict: 'missing', check: null, detail };
  }
  const j = outcome.judgement;
  const failed = j.checks.find((c) => c.status === 'fail') ?? null;
  return {
    ...base,
    leaf: j.leafHex,
    txid: j.txid,
    height: j.height,
    blockTime: j.blockTime,
    verdict: j.verdict,
    check: failed?.name ?? null,
    detail: failed?.detail ?? j.summary,
  };
}

export async function verifyCommand(argv: string[], term = new Terminal()): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      offline: { type: 'boolean', default: false },
      rpc: { type: 'string' },
      'block-hash': { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(VERIFY_USAGE);
    return 0;
  }
  if (positionals.length === 0)
    throw new UsageError('give the documents and receipts (files or folders) to verify');
  if (values.offline && values.service !== undefined)
    throw new UsageError('--offline asks no service, so it cannot be given with --service');
  for (const hash of values['block-hash']) {
    if (!BLOCK_HASH.test(hash)) throw new UsageError(`--block-hash must be 64 hex digits, got "${hash}"`);
  }
  const blockHashes = new Set(values['block-hash'].map((h) => h.toLowerCase()));
  const chooser = serviceChooser({
    service: values.service === undefined ? null : serviceAddress(values.service),
    offline: values.offline,
    config: await readConfig(),
  });
  const node = values.rpc === undefined ? null : nodeSources(values.rpc);

  const { documents, receipts } = await gather(positionals);
  if (documents.length + receipts.length === 0)
    throw new UsageError('there is nothing to verify in what was given');
  const hashed = [];
  for (const [index, file] of documents.entries()) {
    term.progress(`${index + 1}/${documents.length} hashing ${file}`);
    hashed.push({ file, sha256Hex: (await sha256File(file)).sha256Hex });
  }
  const read = [];
  const rows: VerifyRow[] = [];
  for (const file of receipts) {
    const result = await readReceiptFile(file);
    if (result.ok) read.push({ file, receipt: result.receipt, raw: result.raw });
    else {
      const document = documentPathOf(file);
      rows.push({
        file: document,
        receipt: file,
        verdict: 'invalid',
        check: 'receipt',
        detail: result.problem,
        leaf: null,
        txid: null,
        height: null,
        blockTime: null,
      });
    }
  }
  const usedBlocks = new Set<string>();
  const pairs = pairDocuments(hashed, read);
  for (const [index, pair] of pairs.entries()) {
    if (pair.receipt === null || (pair.document === null && receiptCommitsToFile(pair.receipt.receipt))) {
      rows.push(rowOf(pair, null));
      continue;
    }
    term.progress(`${index + 1}/${pairs.length} checking ${pair.receipt.file}`);
    const { receipt, raw } = pair.receipt;
    const evidence: ChainEvidence | undefined = receipt.chain_evidence;
    const blockHash = evidence && blockHashes.has(evidence.block_hash) ? evidence.block_hash : null;
    if (blockHash) usedBlocks.add(blockHash);
    const { reader, reason } = chooser.readerFor(receipt);
    const outcome = await verifyClaim(
      {
        receipt,
        bundle: raw,
        file: pair.document ? { sha256Hex: pair.document.sha256Hex, name: pair.document.file } : null,
        chainCheck: node?.chainCheck ?? null,
        blockAt: node?.blockAt ?? null,
        blockHash,
        offline: values.offline,
        noServiceReason: reason,
      },
      reader,
      new Date(),
    );
    rows.push(rowOf(pair, outcome));
  }
  const unused = [...blockHashes].filter((h) => !usedBlocks.has(h));
  return reportRows(term, values.json, rows, unused);
}
