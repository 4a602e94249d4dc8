/** Hashes a chosen file in the hash worker and exposes progress, speed and cancel to the page. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_FILE_SHA256 } from 'zap1';
import { megabytesPerSecond } from './hash-chunks';
import { parseWorkerReply } from './hash-messages';
import { holdBackgroundWork } from '../../app/heavy-work';

export type FileHashState =
  | { status: 'idle' }
  | { status: 'hashing'; fileName: string; bytesDone: number; totalBytes: number; mbPerS: number | null }
  | {
      status: 'done';
      fileName: string;
      sha256Hex: string;
      totalBytes: number;
      mbPerS: number | null;
      /** Hashed earlier and kept in the draft (this page did not read the file). */
      restored?: boolean;
    }
  | { status: 'cancelled'; fileName: string }
  | { status: 'error'; fileName: string; message: string };

/** A hash worker; it starts loading (and compiling its WebAssembly) as soon as it is created. */
function startHashWorker(): Worker {
  return new Worker(new URL('./hash-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * `initial`: a state to start from (a draft's digest). `prestartWorker`: start a worker before any
 * file is chosen; false where many checks share a page and most are never used. `refuseEmpty`:
 * false where an empty file is an answer (a comparison), not a document to anchor.
 */
export function useFileHash({
  initial = { status: 'idle' },
  prestartWorker = true,
  refuseEmpty = true,
}: { initial?: FileHashState; prestartWorker?: boolean; refuseEmpty?: boolean } = {}): {
  state: FileHashState;
  hashFile: (file: File) => void;
  cancel: () => void;
  reset: () => void;
} {
  const [state, setState] = useState<FileHashState>(initial);
  const workerRef = useRef<Worker | null>(null);
  // A worker started before any file is chosen, so choosing one does not wait for it to load.
  const spareRef = useRef<Worker | null>(null);

  /** Releases the hold on background work taken while a file is hashed. */
  const releaseRef = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    workerRef.current?.terminate();
    workerRef.current = null;
    releaseRef.current?.();
    releaseRef.current = null;
  }, []);

  const prepareSpare = useCallback(() => {
    if (prestartWorker && spareRef.current === null && typeof Worker !== 'undefined') {
      spareRef.current = startHashWorker();
    }
  }, [prestartWorker]);

  // Leaving the page stops the hashing too.
  useEffect(() => {
    prepareSpare();
    return () => {
      stop();
      spareRef.current?.terminate();
      spareRef.current = null;
    };
  }, [stop, prepareSpare]);

  const hashFile = useCallback(
    (file: File) => {
      stop();
      if (file.size === 0 && !refuseEmpty) {
        setState({
          status: 'done',
          fileName: file.name,
          sha256Hex: EMPTY_FILE_SHA256,
          totalBytes: 0,
          mbPerS: null,
        });
        return;
      }
      if (file.size === 0) {
        // Any empty file hashes to the same digest: anchoring it would prove nothing about a document.
        setState({
          status: 'error',
          fileName: file.name,
          message: 'it is empty (0 bytes), so there is no document to anchor',
        });
        return;
      }
      const worker = spareRef.current ?? startHashWorker();
      spareRef.current = null;
      workerRef.current = worker;
      releaseRef.current = holdBackgroundWork();
      const started = performance.now();
      setState({ status: 'hashing', fileName: file.name, bytesDone: 0, totalBytes: file.size, mbPerS: null });
      worker.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (workerRef.current !== worker) return;
        const reply = parseWorkerReply(event.data);
        if (!reply) return;
        if (reply.type === 'progress') {
          setState({
            status: 'hashing',
            fileName: file.name,
            bytesDone: reply.bytesDone,
            totalBytes: reply.totalBytes,
            mbPerS: megabytesPerSecond(reply.bytesDone, performance.now() - started),
          });
        } else if (reply.type === 'done') {
          stop();
          prepareSpare();
          setState({
            status: 'done',
            fileName: file.name,
            sha256Hex: reply.sha256Hex,
            totalBytes: reply.totalBytes,
            mbPerS: megabytesPerSecond(reply.totalBytes, reply.elapsedMs),
          });
        } else {
          stop();
          setState({ status: 'error', fileName: file.name, message: reply.message });
        }
      });
      worker.addEventListener('error', (event) => {
        if (workerRef.current !== worker) return;
        stop();
        setState({
          status: 'error',
          fileName: file.name,
          message: event.message || 'The hash worker failed to start.',
        });
      });
      worker.postMessage({ type: 'hash', file });
    },
    [stop, prepareSpare, refuseEmpty],
  );

  const cancel = useCallback(() => {
    setState((current) =>
      current.status === 'hashing' ? { status: 'cancelled', fileName: current.fileName } : current,
    );
    stop();
    prepareSpare();
  }, [stop, prepareSpare]);

  const reset = useCallback(() => {
    stop();
    setState({ status: 'idle' });
  }, [stop]);

  return { state, hashFile, cancel, reset };
}
