/**
 * The hashing thread (path-hashing.ts): hashes each batch of proof paths it is sent and sends the
 * nodes back. It hashes only; what the paths must lead to is checked by the event loop.
 */
import { parentPort } from 'node:worker_threads';
import { useWasmBlake2b } from 'zap1';
import { hashPaths, type PathBatch } from './path-batch.js';

export interface PathBatchRequest extends PathBatch {
  id: number;
}

export interface PathBatchReply {
  id: number;
  nodes: Uint8Array;
}

// The paths are hashed with the WebAssembly BLAKE2b, as on the event loop (messages wait meanwhile).
await useWasmBlake2b();

parentPort?.on('message', (request: PathBatchRequest) => {
  const nodes = hashPaths(request);
  const reply: PathBatchReply = { id: request.id, nodes };
  parentPort?.postMessage(reply, [nodes.buffer]);
});
