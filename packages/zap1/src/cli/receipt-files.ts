/** Reading a receipt file a command was given: its JSON, and the receipt in it, or why it is none. */
import { readFile } from 'node:fs/promises';
import { looksLikeReceipt, parseReceipt, type Receipt } from '../index.js';
import { reasonOf } from './cli-common.js';

export type ReadReceipt = { ok: true; receipt: Receipt; raw: unknown } | { ok: false; problem: string };

/** Receipts are small; a file larger than this is not one (and is not read into memory). */
const MAX_RECEIPT_BYTES = 16 * 1024 * 1024;

export async function readReceiptFile(file: string): Promise<ReadReceipt> {
  let text: string;
  try {
    const bytes = await readFile(file);
    if (bytes.length > MAX_RECEIPT_BYTES)
      return { ok: false, problem: `${file} is too large to be a receipt` };
    text = bytes.toString('utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read ${file}: ${reasonOf(error)}` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `${file} is not JSON: ${reasonOf(error)}` };
  }
  if (!looksLikeReceipt(raw)) return { ok: false, problem: `${file} is not a ZAP1 receipt` };
  const parsed = parseReceipt(raw);
  return parsed.ok
    ? { ok: true, receipt: parsed.receipt, raw }
    : { ok: false, problem: `${file} is not a usable receipt: ${parsed.error}` };
}
