/**
 * A batch's rules on their own: the rows and their events, the naming applied to rows not sent,
 * what a reload keeps, the receipts' names and manifest, and the sending within the key's limits
 * (a 429 waited out, a used-up quota stopping the batch, a refused row failing alone).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leafHash } from 'zap1';
import {
  anchorButtonLabel,
  countRows,
  namingProblem,
  referenceFor,
  renamed,
  rowEvent,
  rowsForFiles,
  type BatchRow,
} from './batch-model';
import { CANCELLED_NEEDS_FILE, REREAD_NEEDED, needsItsFile, readBatch, writeBatch } from './batch-store';
import { sendRows } from './batch-sender';
import { manifestCsv, receiptEntryName } from './receipts-zip';

const SHA = 'ab'.repeat(32);

function storage(): Pick<Storage, 'getItem' | 'setItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const ready = (rows: BatchRow[]): BatchRow[] => rows.map((r) => ({ ...r, sha256Hex: SHA, status: 'ready' }));

describe('rows', () => {
  it('one per file, each with its own private reference and pseudonym by default; an empty file fails at once', () => {
    const rows = rowsForFiles(
      [
        { name: 'annexes/a.pdf', size: 10 },
        { name: 'b.pdf', size: 0 },
      ],
      { pattern: '{ref}', wallet: null },
    );
    expect(rows.map((r) => r.status)).toEqual(['hashing', 'failed']);
    expect(rows[1]?.message).toMatch(/empty/);
    expect(rows[0]?.serialNumber).toMatch(/^REF-\d{8}-[0-9A-Z]{8}$/);
    expect(rows[0]?.walletHash).not.toBe(rows[1]?.walletHash);
  });

  it('the pattern names each document; a pattern or pseudonym the service would refuse is said so', () => {
    expect(referenceFor('ACME-{stem}-{n}', 'annexes/deed.pdf', 3, () => 'R')).toBe('ACME-deed-3');
    expect(namingProblem({ pattern: '{name}', wallet: null })).toBeNull();
    expect(namingProblem({ pattern: '', wallet: null })).toMatch(/^The reference pattern: /);
    expect(namingProblem({ pattern: '{ref}', wallet: 'not a pseudonym!' })).toMatch(/^The pseudonym: /);
  });

  it('new naming reaches only the rows not sent yet', () => {
    const rows = ready(
      rowsForFiles(
        [
          { name: 'a.pdf', size: 1 },
          { name: 'b.pdf', size: 1 },
        ],
        { pattern: '{ref}', wallet: null },
      ),
    );
    const sent = { ...rows[0]!, status: 'submitted' as const, leafHex: 'cd'.repeat(32) };
    const next = renamed([sent, rows[1]!], { pattern: 'X-{stem}', wallet: 'anon_group' });
    expect(next[0]).toEqual(sent);
    expect(next[1]).toMatchObject({ serialNumber: 'X-b', walletHash: 'anon_group' });
  });

  it('the button names what it does, and the counts add up', () => {
    expect(anchorButtonLabel(12, false)).toBe('Anchor 12 documents');
    expect(anchorButtonLabel(1, true)).toBe('Get a trial key and anchor 1 document');
    const rows = ready(
      rowsForFiles(
        [
          { name: 'a', size: 1 },
          { name: 'b', size: 1 },
        ],
        { pattern: '{ref}', wallet: null },
      ),
    );
    expect(countRows(rows)).toMatchObject({ ready: 2, hashing: 0 });
  });
});

describe('kept in the tab', () => {
  it('a reload keeps every row; a file that was being read must be given again', () => {
    const store = storage();
    const rows = rowsForFiles(
      [
        { name: 'a.pdf', size: 5 },
        { name: 'b.pdf', size: 5 },
      ],
      { pattern: '{ref}', wallet: null },
    );
    const [hashing, done] = [rows[0]!, { ...rows[1]!, sha256Hex: SHA, status: 'ready' as const }];
    writeBatch(
      '',
      { naming: { pattern: '{ref}', wallet: null }, rows: [hashing, done], sending: true },
      store,
    );
    const back = readBatch('', store);
    expect(back?.sending).toBe(true);
    expect(back?.rows.map((r) => [r.status, r.message])).toEqual([
      ['failed', REREAD_NEEDED],
      ['ready', null],
    ]);
    expect(back?.rows[1]?.serialNumber).toBe(done.serialNumber);
    expect(readBatch('https://other.example', store)).toBeNull();
  });
});

describe('rows that need their file again', () => {
  it('are those whose file was being read (reload, cancel, a read error), never an empty file or a row with its digest', () => {
    const [row, empty] = rowsForFiles(
      [
        { name: 'a.pdf', size: 5 },
        { name: 'b.pdf', size: 0 },
      ],
      { pattern: '{ref}', wallet: null },
    );
    expect(needsItsFile({ ...row!, status: 'failed', message: REREAD_NEEDED })).toBe(true);
    expect(needsItsFile({ ...row!, status: 'failed', message: CANCELLED_NEEDS_FILE })).toBe(true);
    expect(needsItsFile(empty!)).toBe(false);
    expect(needsItsFile({ ...row!, status: 'failed', sha256Hex: SHA, message: 'refused' })).toBe(false);
    expect(needsItsFile({ ...row!, status: 'hashing' })).toBe(false);
  });
});

describe('receipts', () => {
  it('named after their documents, in their folders, pending until anchored; the manifest lists every row', () => {
    const [row] = ready(
      rowsForFiles([{ name: 'annexes/deed, final.pdf', size: 3 }], { pattern: '{ref}', wallet: null }),
    );
    const recorded = { ...row!, status: 'pending' as const, leafHex: 'cd'.repeat(32) };
    expect(receiptEntryName(recorded)).toBe('annexes/deed, final.pdf.pending.zap1.json');
    expect(receiptEntryName({ ...recorded, txid: 'ef'.repeat(32), status: 'anchored' })).toBe(
      'annexes/deed, final.pdf.zap1.json',
    );
    expect(receiptEntryName({ ...recorded, name: '../../etc/passwd' })).toBe('etc/passwd.pending.zap1.json');
    expect(manifestCsv([recorded])).toBe(
      `file,size,sha256,leaf,status,transaction,height\r\n"annexes/deed, final.pdf",3,${SHA},${'cd'.repeat(32)},pending,,\r\n`,
    );
  });
});

describe('sending', () => {
  const answers: Array<() => Response> = [];
  const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  beforeEach(() => {
    answers.length = 0;
    vi.stubGlobal('fetch', async () => answers.shift()!());
  });
  afterEach(() => vi.unstubAllGlobals());

  const recordedAnswer = (row: BatchRow) => () =>
    json(
      {
        status: 'created',
        leaf_hash: leafHash(rowEvent(row)),
        root_hash: 'ee'.repeat(32),
        event_type: 'CONTRACT_ANCHOR',
        wallet_hash: row.walletHash,
      },
      201,
    );

  it('waits out a 429 as its Retry-After says, then sends on', async () => {
    vi.useFakeTimers();
    const rows = ready(rowsForFiles([{ name: 'a', size: 1 }], { pattern: '{ref}', wallet: null }));
    answers.push(
      () => json({ error: { code: 'rate_limited', message: 'Slow down.' } }, 429, { 'retry-after': '2' }),
      recordedAnswer(rows[0]!),
    );
    const waits: Array<number | null> = [];
    const recorded: string[] = [];
    const sending = sendRows(
      rows,
      { baseUrl: '', apiKey: 'k', signal: new AbortController().signal },
      {
        recorded: (id) => recorded.push(id),
        failed: () => undefined,
        waiting: (s) => waits.push(s),
      },
    );
    await vi.waitFor(() => expect(waits).toEqual([2]));
    expect(recorded).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await sending).toEqual({ sent: 1, stopped: null });
    expect(recorded).toEqual([rows[0]!.id]);
    vi.useRealTimers();
  });

  it('a used-up quota stops the batch; a refused row fails alone', async () => {
    const rows = ready(
      rowsForFiles(
        [
          { name: 'a', size: 1 },
          { name: 'b', size: 1 },
          { name: 'c', size: 1 },
        ],
        { pattern: '{ref}', wallet: null },
      ),
    );
    answers.push(
      () => json({ error: { code: 'validation_failed', message: 'serial_number is too long' } }, 400),
      recordedAnswer(rows[1]!),
      () =>
        json({ error: { code: 'quota_exhausted', message: 'This trial key has used its 2 events.' } }, 403),
    );
    const failed: string[] = [];
    const result = await sendRows(
      rows,
      { baseUrl: '', apiKey: 'k', signal: new AbortController().signal },
      {
        recorded: () => undefined,
        failed: (id, message) => failed.push(`${id}: ${message}`),
        waiting: () => undefined,
      },
    );
    expect(result).toEqual({ sent: 1, stopped: 'This trial key has used its 2 events.' });
    expect(failed).toEqual([`${rows[0]!.id}: serial_number is too long`]);
  });
});
