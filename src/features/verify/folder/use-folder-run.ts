/**
 * Runs a folder's verification in its own worker (folder-worker.ts) and gathers what it reports:
 * progress, the rows as they are made, the end. Rows join the table in a transition, so rendering
 * a thousand of them never blocks the page. Cancel ends the worker; leaving the page does too.
 * Where a worker cannot run (jsdom, a worker that failed to load) the folder is verified here.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { holdBackgroundWork } from '../../../app/heavy-work';
import type { FolderInput } from './folder-input';
import type { FolderRow } from './folder-rows';
import type { FolderMessage, FolderPhase, FolderRequest } from './folder-run';

export interface FolderRunState {
  status: 'running' | 'done' | 'failed' | 'cancelled';
  phase: FolderPhase;
  done: number;
  total: number;
  rows: FolderRow[];
  /** Why the folder could not be verified (status `failed`). */
  message: string | null;
}

const STARTING: FolderRunState = {
  status: 'running',
  phase: 'reading',
  done: 0,
  total: 0,
  rows: [],
  message: null,
};

/** Runs `request` here, when no worker can: the same messages, cancelled through `signal`. */
function runHere(request: FolderRequest, post: (message: FolderMessage) => void, signal: AbortSignal) {
  void import('./folder-run')
    .then(({ runFolder }) => runFolder(request, post, signal))
    .catch((error: unknown) => {
      if (!signal.aborted)
        post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
}

export function useFolderRun(
  inputs: readonly FolderInput[],
  serviceUrl: string,
  explorerBlockUrl: string | null,
): { state: FolderRunState; cancel: () => void } {
  const [state, setState] = useState<FolderRunState>(STARTING);
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    setState(STARTING);
    const release = holdBackgroundWork();
    const controller = new AbortController();
    let ended = false;
    const post = (message: FolderMessage) => {
      if (ended) return;
      if (message.type === 'rows') {
        // A transition: the table may take its time to render; progress and Cancel stay live.
        startTransition(() =>
          setState((current) => ({ ...current, rows: [...current.rows, ...message.rows] })),
        );
        return;
      }
      if (message.type === 'progress') {
        setState((current) => ({
          ...current,
          phase: message.phase,
          done: message.done,
          total: message.total,
        }));
        return;
      }
      ended = true;
      release();
      worker?.terminate();
      setState((current) =>
        message.type === 'done'
          ? { ...current, status: 'done' }
          : { ...current, status: 'failed', message: message.message },
      );
    };
    const request: FolderRequest = { inputs: [...inputs], serviceUrl, explorerBlockUrl };
    let worker: Worker | null = null;
    if (typeof Worker !== 'undefined') {
      try {
        worker = new Worker(new URL('./folder-worker.ts', import.meta.url), { type: 'module' });
      } catch {
        worker = null;
      }
    }
    if (worker) {
      worker.addEventListener('message', (event: MessageEvent<FolderMessage>) => post(event.data));
      // A worker that cannot load leaves the folder to this thread.
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        worker?.terminate();
        worker = null;
        if (!ended) runHere(request, post, controller.signal);
      });
      worker.postMessage(request);
    } else {
      runHere(request, post, controller.signal);
    }
    const stop = () => {
      if (ended) return;
      ended = true;
      controller.abort();
      worker?.terminate();
      release();
    };
    stopRef.current = () => {
      stop();
      setState((current) => (current.status === 'running' ? { ...current, status: 'cancelled' } : current));
    };
    return stop;
  }, [inputs, serviceUrl, explorerBlockUrl]);

  const cancel = useCallback(() => stopRef.current(), []);
  return { state, cancel };
}
