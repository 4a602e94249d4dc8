/**
 * The thread that commits accepted events on SQLite (server/store/sqlite/commit-thread.ts starts
 * it). better-sqlite3 is synchronous: a commit with `synchronous=FULL` waits for the disk, and on
 * the main thread that wait would hold every request. Here it holds only this thread. It opens its
 * own connection to the same file (WAL: the main thread's reads see each commit once it is done)
 * and runs the same `SqliteLeafWriter` as a store without a commit thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SqliteLeafWriter } from './leaf-writer.js';
import {
  WAL_CHECKPOINT_PAGES,
  type CommitThreadOptions,
  type CommitRequest,
  type CommitThreadReply,
  type SerializedError,
} from './commit-protocol.js';

function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
    return { name: error.name, message: error.message, code };
  }
  return { name: 'Error', message: String(error), code: null };
}

const { file, busyTimeoutMs } = workerData as CommitThreadOptions;
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
// Checkpoints run here, after a commit, and copy WAL pages into the database file. Commits keep
// rewriting the same pages (the tables' last pages), so a checkpoint every 1,000 pages (the
// default) copied them again and again; every 10,000 pages (a WAL of about 40 MB) copies each
// once for many commits. Measured with `npm run bench:service` when every event still wrote two
// random index pages: durable events per second up by about a sixth; the commit that runs a
// checkpoint waits for it.
db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
const writer = new SqliteLeafWriter(db);
const port = parentPort;
if (!port) throw new Error('commit-worker.ts runs only as a worker thread');

port.on('message', (request: CommitRequest) => {
  const answer = (): CommitThreadReply => {
    try {
      if (request.kind === 'commit')
        return { id: request.id, ok: true, outcome: writer.commit(request.batch) };
      if (request.kind === 'chunks') writer.saveChunks(request.chunks);
      else db.close();
      return { id: request.id, ok: true, outcome: null };
    } catch (error) {
      return { id: request.id, ok: false, error: serializeError(error) };
    }
  };
  port.postMessage(answer());
});
