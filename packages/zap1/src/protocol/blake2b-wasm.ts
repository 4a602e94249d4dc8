/**
 * The ZAP1 hashes on blake2b-wasm, a WebAssembly build of BLAKE2b: about 0.6 µs a 64-byte node hash
 * in Node against some 4 µs with @noble/hashes (docs/benchmarks.md). The service installs it at
 * start; the browser's verifier keeps noble (one proof is some twenty hashes, and the verifier
 * entry has a size budget).
 */
import Blake2b from 'blake2b-wasm';
import { installBlake2b256, type Blake2b256Factory } from './hash.js';

/** BLAKE2b-256 with a personalization, one blake2b-wasm instance per message (the library reuses its memory). */
const wasmBlake2b256: Blake2b256Factory = (personalization) => {
  const personal = Uint8Array.from(personalization);
  return (input, more) => {
    const hasher = Blake2b(32, null, null, personal, true).update(input);
    if (more !== undefined) hasher.update(more);
    return hasher.digest();
  };
};

let loaded: Promise<boolean> | null = null;

/** Loads blake2b-wasm once: false where WebAssembly is missing or the module failed to load. */
function loadWasm(): Promise<boolean> {
  loaded ??= new Promise<boolean>((resolve) => {
    if (!Blake2b.SUPPORTED) return resolve(false);
    Blake2b.ready((error?: Error) => resolve(error === undefined));
  });
  return loaded;
}

/**
 * Loads blake2b-wasm and installs it for the three ZAP1 hashes, checked against noble as it is
 * installed. Resolves to true when in use, false where WebAssembly is missing or the module failed
 * to load (the hashes stay on noble: the same digests, slower); rejects, changing nothing, if it
 * gave other digests than noble. Safe to call again.
 */
export async function useWasmBlake2b(): Promise<boolean> {
  if (!(await loadWasm())) return false;
  installBlake2b256(wasmBlake2b256);
  return true;
}
