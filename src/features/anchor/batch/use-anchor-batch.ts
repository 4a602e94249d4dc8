/**
 * The Anchor page's batch: its rows, kept in this tab (batch-store.ts) so a reload resumes it;
 * files hashed in a pool of workers (hash-pool.ts); rows sent within the key's limits
 * (batch-sender.ts), with a trial key asked for first when none is kept; and, once recorded,
 * watched until anchored (anchor-watch.ts). Worker messages arrive by the thousand for a big
 * folder: row changes are gathered and applied once per frame, so the page stays responsive.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { keyKeys, requestTrialKey } from '../../../api/keys';
import { setApiKey } from '../../../api/settings';
import {
  DEFAULT_NAMING,
  MAX_BATCH_FILES,
  namingProblem,
  renamed,
  rowsForFiles,
  type BatchNaming,
  type BatchRow,
} from './batch-model';
import { CANCELLED_NEEDS_FILE, clearBatch, needsItsFile, readBatch, writeBatch } from './batch-store';
import { findAnchors, latestAnchorMark } from './anchor-watch';
import { HashPool } from './hash-pool';
import { sendRows } from './batch-sender';

/** Files taken into the batch per turn of the page. */
const FILES_PER_SLICE = 100;

/** How often recorded rows are looked at again while they wait for their anchor. */
export const WATCH_EVERY_MS = 3_000;

type Patch = Partial<BatchRow>;

export function useAnchorBatch(baseUrl: string, apiKey: string | null) {
  const queryClient = useQueryClient();
  const [stored] = useState(() => readBatch(baseUrl));
  const [rows, setRows] = useState<BatchRow[]>(stored?.rows ?? []);
  const [naming, setNaming] = useState<BatchNaming>(stored?.naming ?? DEFAULT_NAMING);
  const [sending, setSending] = useState(false);
  const [waitS, setWaitS] = useState<number | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  // Row changes gathered between frames, applied together.
  const patches = useRef(new Map<string, Patch>());
  const frame = useRef<number | null>(null);
  const patch = useCallback((id: string, change: Patch) => {
    patches.current.set(id, { ...patches.current.get(id), ...change });
    frame.current ??= requestAnimationFrame(() => {
      frame.current = null;
      const pending = patches.current;
      patches.current = new Map();
      setRows((current) =>
        current.map((row) => (pending.has(row.id) ? { ...row, ...pending.get(row.id) } : row)),
      );
    });
  }, []);

  const poolRef = useRef<HashPool | null>(null);
  const pool = useCallback(() => {
    poolRef.current ??= new HashPool({
      progress: (id, bytesDone) => patch(id, { bytesDone }),
      done: (id, sha256Hex) => patch(id, { sha256Hex, status: 'ready', message: null }),
      failed: (id, message) => patch(id, { status: 'failed', message }),
    });
    return poolRef.current;
  }, [patch]);
  useEffect(() => () => poolRef.current?.cancel(), []);

  // Kept in this tab at most every 300 ms while rows change, and at once when the page goes away
  // (a reload mid-send must find the rows answered so far, and that sending was asked for).
  const kept = useRef({ naming, rows, sending });
  kept.current = { naming, rows, sending };
  const keep = useCallback(() => {
    const { rows: all, naming: names, sending: busy } = kept.current;
    if (all.length === 0) clearBatch(baseUrl);
    else writeBatch(baseUrl, { naming: names, rows: all, sending: busy });
  }, [baseUrl]);
  const keepTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    keepTimer.current ??= setTimeout(() => {
      keepTimer.current = null;
      keep();
    }, 300);
  }, [keep, naming, rows, sending]);
  useEffect(() => {
    addEventListener('pagehide', keep);
    return () => {
      removeEventListener('pagehide', keep);
      if (keepTimer.current !== null) clearTimeout(keepTimer.current);
      keepTimer.current = null;
      keep();
    };
  }, [keep]);

  /** Adds some files (or gives reloaded rows their files back, by name and size) and hashes them. */
  const addSlice = useCallback(
    (files: readonly File[]) => {
      const current = rowsRef.current;
      const reread = new Map(current.filter(needsItsFile).map((r) => [`${r.name}\0${r.size}`, r]));
      const jobs: { id: string; file: File }[] = [];
      const fresh: Array<{ file: File; name: string; size: number }> = [];
      for (const file of files) {
        // Each File is asked its name and size once: for a chosen file that is a call into the browser.
        const name = file.name;
        const size = file.size;
        const again = reread.get(`${name}\0${size}`);
        if (again) {
          reread.delete(`${name}\0${size}`);
          patch(again.id, { status: 'hashing', message: null, bytesDone: 0 });
          jobs.push({ id: again.id, file });
        } else fresh.push({ file, name, size });
      }
      const room = MAX_BATCH_FILES - current.length;
      const taken = fresh.slice(0, Math.max(0, room));
      if (taken.length < fresh.length) {
        setNotice(
          `A batch holds at most ${MAX_BATCH_FILES} files: ${fresh.length - taken.length} were left out.`,
        );
      }
      const added = rowsForFiles(taken, naming, current.length);
      added.forEach((row, i) => row.status === 'hashing' && jobs.push({ id: row.id, file: taken[i]!.file }));
      if (added.length > 0) {
        // Known at once to the next slice (numbering, room); the state is updated as a change, so
        // row changes waiting for their frame are not overwritten.
        rowsRef.current = [...current, ...added];
        setRows((rows) => [...rows, ...added]);
      }
      pool().add(jobs);
    },
    [naming, patch, pool],
  );

  /** Adds files a slice at a time, giving the page a turn between slices (a thousand files at once is a long task). */
  const addFiles = useCallback(
    (files: readonly File[]) => {
      setNotice(null);
      const slices: File[][] = [];
      for (let i = 0; i < files.length; i += FILES_PER_SLICE)
        slices.push(files.slice(i, i + FILES_PER_SLICE));
      const next = () => {
        const slice = slices.shift();
        if (slice === undefined) return;
        addSlice(slice);
        if (slices.length > 0) setTimeout(next, 0);
      };
      next();
    },
    [addSlice],
  );

  const abort = useRef<AbortController | null>(null);

  /** Sends every ready row, asking for a trial key first when none is kept. */
  const send = useCallback(async () => {
    const ready = rowsRef.current.filter((row) => row.status === 'ready');
    if (ready.length === 0 || abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setSending(true);
    // Kept at once: a reload from here on must find that sending was asked for, and go on with it.
    writeBatch(baseUrl, { naming: kept.current.naming, rows: rowsRef.current, sending: true });
    setStopped(null);
    try {
      let key = apiKey;
      if (key === null) {
        const issued = await requestTrialKey(baseUrl, controller.signal);
        setApiKey(issued.key, baseUrl);
        void queryClient.invalidateQueries({ queryKey: keyKeys.all(baseUrl) });
        key = issued.key;
      }
      const result = await sendRows(
        ready,
        { baseUrl, apiKey: key, signal: controller.signal },
        {
          recorded: (id, { leafHex }) => patch(id, { status: 'submitted', leafHex, message: null }),
          failed: (id, message) => patch(id, { status: 'failed', message }),
          waiting: setWaitS,
        },
      );
      if (result.stopped !== null) {
        setStopped(`${result.stopped} ${result.sent} of ${ready.length} were sent; the rest are kept here.`);
      }
    } catch (error) {
      if (!controller.signal.aborted) setStopped(error instanceof Error ? error.message : String(error));
    } finally {
      abort.current = null;
      setSending(false);
      setWaitS(null);
    }
  }, [apiKey, baseUrl, patch, queryClient]);

  /** Stops the hashing and the sending; rows not hashed yet say to choose their file again. */
  const cancel = useCallback(() => {
    abort.current?.abort();
    poolRef.current?.cancel();
    poolRef.current = null;
    for (const row of rowsRef.current) {
      if (row.status === 'hashing')
        patch(row.id, {
          status: 'failed',
          bytesDone: 0,
          message: CANCELLED_NEEDS_FILE,
        });
    }
  }, [patch]);

  const clear = useCallback(() => {
    cancel();
    setRows([]);
    setStopped(null);
    setNotice(null);
    clearBatch(baseUrl);
  }, [baseUrl, cancel]);

  /** A row's reference and pseudonym, before it is sent. */
  const edit = useCallback(
    (id: string, serialNumber: string, walletHash: string) => patch(id, { serialNumber, walletHash }),
    [patch],
  );

  // Recorded rows are watched until anchored: looked at again whenever the latest anchor changed.
  // Not while sending: the sends go first, and a row recorded a moment ago is not anchored yet.
  const watching = !sending && rows.some((row) => row.status === 'submitted' || row.status === 'pending');
  useEffect(() => {
    if (!watching) return;
    let mark: string | null = null;
    const controller = new AbortController();
    const look = async () => {
      try {
        const now = await latestAnchorMark(baseUrl, controller.signal);
        const unchecked = rowsRef.current.filter((r) => r.status === 'submitted');
        const waiting = rowsRef.current.filter((r) => r.status === 'pending');
        const ask = now !== mark ? [...unchecked, ...waiting] : unchecked;
        mark = now;
        const findings = await findAnchors(
          baseUrl,
          ask.filter((r) => r.leafHex !== null).map((r) => ({ id: r.id, leafHex: r.leafHex! })),
          controller.signal,
        );
        for (const found of findings) {
          patch(
            found.id,
            found.txid
              ? { status: 'anchored', txid: found.txid, height: found.height }
              : { status: 'pending' },
          );
        }
      } catch {
        // Asked again next round; a service that is down for a moment loses nothing.
      }
    };
    void look();
    const timer = setInterval(() => void look(), WATCH_EVERY_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [baseUrl, patch, watching]);

  // A reload while sending: the person asked for every row to be sent, so sending goes on.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || stored === null || !stored.sending || apiKey === null) return;
    resumed.current = true;
    void send();
  }, [apiKey, send, stored]);

  /** New naming for the rows not sent yet; refused (with the problem) when the service would refuse it. */
  const rename = useCallback((next: BatchNaming): string | null => {
    const problem = namingProblem(next);
    if (problem !== null) return problem;
    setNaming(next);
    setRows((current) => renamed(current, next));
    return null;
  }, []);

  return {
    rows,
    naming,
    rename,
    addFiles,
    send,
    cancel,
    clear,
    edit,
    sending,
    waitS,
    stopped,
    notice,
    hashing: rows.some((row) => row.status === 'hashing'),
  };
}

export type AnchorBatch = ReturnType<typeof useAnchorBatch>;
