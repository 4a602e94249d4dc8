#!/usr/bin/env node
/**
 * zap1-verify: checks a ZAP1 receipt or proof bundle (and the file it names) on the auditor's own
 * machine, with the same protocol library the web app and the service use.
 *
 *   zap1-verify <receipt-or-bundle.json> [file] [--offline] [--block-hash HEX] [--service URL]
 *               [--rpc URL] [--explorer TEMPLATE] [--upgrade] [--json]
 *
 * Exit codes: 0 anchored, 1 invalid (path, file, event or anchor contradicted), 2 usage,
 * unreadable input or a file --upgrade would not replace, 3 pending or unconfirmed.
 *
 * A receipt with chain evidence is checked on the chain's own bytes (the transaction, its memo, its
 * branch, its block commitments, its block header); the one fact left, the block at its height,
 * comes from a source the person chose: --block-hash, their node (--rpc) or the history of the
 * service they name with --service. A service a receipt names is never asked on the receipt's word:
 * without --service, no service is asked at all.
 *
 * It prints as proven only what the anchored leaf proves; the rest of a receipt is its own statement
 * (print-outcome.ts). Text from the input reaches the terminal with its control characters shown.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  httpServiceReader,
  isExplorerTemplate,
  looksLikeReceipt,
  parseReceipt,
  verifyClaim,
  visibleText,
  type Verdict,
} from '../index.js';
import { BLOCK_HASH, UsageError, httpUrl, nodeSources, sha256File } from './cli-common.js';
import { jsonReport, textReport, visibleLines } from './print-outcome.js';
import { noServiceReason } from './service-choice.js';
import { replaceFile } from './upgrade-file.js';

const USAGE = `Usage: zap1-verify <receipt-or-bundle.json> [file] [--offline] [--block-hash HEX]
                   [--service URL] [--rpc URL] [--explorer TEMPLATE] [--upgrade] [--json]

  file             the original file: checked against the contract hash the receipt's leaf commits
                   to (a type whose leaf hashes no file: "not part of this proof")
  --offline        ask no ZAP1 service (the default without --service): the receipt's chain
                   evidence is checked on its own bytes
  --block-hash HEX the hash of the block at the chain evidence's height, as you read it in an
                   explorer or on your node (64 hex digits): the one fact the evidence leaves open
  --service URL    the ZAP1 service you use, to check the anchor with: its history confirms a block
                   by its hash. The service a receipt names is never asked on the receipt's word
  --rpc URL        a Zcash node you trust, e.g. http://user:password@127.0.0.1:8232: it reads the
                   anchor's memo back and names the block at the evidence's height
  --explorer TMPL  where to look a block up, with {height} or {hash} in it (default: a known
                   explorer of the evidence's network)
  --upgrade        write the completed receipt (or bundle) back to the file once anchored, with the
                   service's chain evidence when it offers some (its mode kept; a symbolic link is
                   refused)
  --json           print {"verdict", "leaf", "root", "txid", "height", "checks", "evidence"}

Exit codes: 0 anchored, 1 invalid, 2 usage, unreadable input or a file --upgrade would not
replace, 3 pending or unconfirmed.`;

const EXIT: Record<Verdict, number> = { anchored: 0, invalid: 1, pending: 3, unconfirmed: 3 };

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      offline: { type: 'boolean', default: false },
      'block-hash': { type: 'string' },
      rpc: { type: 'string' },
      explorer: { type: 'string' },
      upgrade: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [inputPath, filePath, ...extra] = positionals;
  if (!inputPath || extra.length > 0)
    throw new UsageError('give one receipt or bundle, and at most one file');
  if (values.offline && values.service !== undefined)
    throw new UsageError('--offline asks no service, so it cannot be given with --service');
  if (values.explorer !== undefined && !isExplorerTemplate(values.explorer))
    throw new UsageError(
      `--explorer must be an http(s) URL with {height} or {hash} in it, got "${values.explorer}"`,
    );
  const blockHash = values['block-hash'];
  if (blockHash !== undefined && !BLOCK_HASH.test(blockHash))
    throw new UsageError(`--block-hash must be a block hash of 64 hex digits, got "${blockHash}"`);

  let text: string;
  try {
    text = await readFile(inputPath, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${inputPath}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${inputPath} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let receipt = null;
  if (looksLikeReceipt(input)) {
    const parsed = parseReceipt(input);
    if (!parsed.ok) throw new UsageError(`${inputPath} is not a usable receipt: ${parsed.error}`);
    receipt = parsed.receipt;
  }

  const reader =
    values.service === undefined
      ? null
      : httpServiceReader(httpUrl(values.service, '--service').href, { trust: 'chosen' });
  const node = values.rpc === undefined ? null : nodeSources(values.rpc);
  const file = filePath ? { sha256Hex: (await sha256File(filePath)).sha256Hex, name: filePath } : null;

  const outcome = await verifyClaim(
    {
      receipt,
      bundle: input,
      file,
      chainCheck: node?.chainCheck ?? null,
      blockHash: blockHash?.toLowerCase() ?? null,
      blockAt: node?.blockAt ?? null,
      explorerBlockUrl: values.explorer ?? null,
      offline: values.offline,
      noServiceReason: values.offline ? null : noServiceReason(receipt),
    },
    reader,
    new Date(),
  );
  console.log(values.json ? jsonReport(outcome) : textReport(outcome, receipt));
  if (blockHash !== undefined && outcome.evidence === null && !values.json) {
    console.log('  --block-hash was not used: there is no chain evidence whose block it could confirm.');
  }
  if (values.upgrade) {
    const upgraded = receipt ? outcome.completedReceipt : (outcome.completedBundle ?? null);
    if (upgraded !== null) {
      await replaceFile(inputPath, `${JSON.stringify(upgraded, null, 2)}\n`);
      if (!values.json) {
        const withEvidence =
          outcome.completedReceipt?.chain_evidence && receipt?.chain_evidence === undefined
            ? ` (with ${outcome.service ?? 'the service'}'s chain evidence)`
            : '';
        console.log(
          visibleText(
            `Wrote the completed ${receipt ? 'receipt' : 'bundle'}${withEvidence} to ${inputPath}.`,
          ),
        );
      }
    } else if (!values.json) {
      console.log('Nothing to upgrade: the proof is not anchored yet, or it already names its anchor.');
    }
  }
  return EXIT[outcome.judgement.verdict];
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error);
    // The message may quote the input (a path, a URL, an option): shown with its control characters visible.
    console.error(visibleLines([`zap1-verify: ${error instanceof Error ? error.message : String(error)}`]));
    if (usage) console.error(USAGE);
    process.exitCode = 2;
  },
);
