/**
 * Incremental SHA-256 for hashing a contract file in chunks (docs/protocol.md section 1: SHA-256 is only
 * used for the content digest behind `contract_sha256`), so a large file never sits in memory whole.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from './hex.js';

/** A SHA-256 computation fed chunk by chunk. */
export interface Sha256Stream {
  /** Adds the next chunk. Throws once the digest has been taken. */
  update(chunk: Uint8Array): void;
  /** Lowercase hex digest of everything added; later calls return the same digest. */
  digestHex(): string;
  /** Number of bytes added so far. */
  readonly bytesHashed: number;
}

/**
 * A new incremental SHA-256 (`@noble/hashes`), giving the same digest as hashing all chunks at once.
 * The hex digest is what `contract_sha256` expects (docs/protocol.md 2.1).
 */
export function createSha256Stream(): Sha256Stream {
  const hash = sha256.create();
  let bytesHashed = 0;
  let digest: string | null = null;
  return {
    update(chunk: Uint8Array): void {
      if (!(chunk instanceof Uint8Array)) throw new TypeError('chunk must be a Uint8Array');
      if (digest !== null) throw new Error('this SHA-256 stream is finished: digestHex() was already called');
      hash.update(chunk);
      bytesHashed += chunk.length;
    },
    digestHex(): string {
      digest ??= toHex(hash.digest());
      return digest;
    },
    get bytesHashed(): number {
      return bytesHashed;
    },
  };
}
