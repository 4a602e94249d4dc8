/**
 * Verifies a folder off the page's thread (folder-run.ts): a thousand files hashed and checked on
 * the main thread would freeze the page. One worker per folder; the page cancels by terminating it.
 */
import { runFolder, type FolderMessage, type FolderRequest } from './folder-run';

const post = (message: FolderMessage) => postMessage(message);

self.onmessage = (event: MessageEvent<FolderRequest>) => {
  runFolder(event.data, post).catch((error: unknown) =>
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
