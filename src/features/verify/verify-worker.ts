/**
 * Runs verifications off the page's thread (verification-run.ts): a receipt can hold megabytes of
 * transaction bytes, and checking them on the main thread would freeze the page. The page sends
 * what it holds, as plain data; the worker answers each request by its id.
 */
import { runVerification, type VerificationRun } from './verification-run';

interface Request {
  id: number;
  run: VerificationRun;
}

self.onmessage = (event: MessageEvent<Request>) => {
  const { id, run } = event.data;
  runVerification(run, new Date()).then(
    (result) => postMessage({ id, ok: true, result }),
    (error: unknown) =>
      postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
