/**
 * Mining a regtest header: a nonce and an Equihash (48, 5) solution under the target its nBits
 * encodes, so that `checkProofOfWork(header, 'regtest')` holds. What the development chain does for
 * every block, and what tests do for headers they make up. Mainnet and testnet work (Equihash
 * (200, 9) at their difficulty) is far beyond either, and is not attempted.
 */
import { serializeBlockHeader, type BlockHeader } from './block.js';
import { EQUIHASH_INPUT_BYTES, equihashParameters, solveEquihash } from './equihash.js';
import { checkProofOfWork } from './proof-of-work.js';

/**
 * `header` with the first nonce (counting up from its own, as a little-endian number) and solution
 * that pass `checkProofOfWork(…, 'regtest')`. At regtest's easiest nBits (0x200f0f0f) about one
 * solution in seventeen is under the target, a few dozen nonces in all: some milliseconds. Throws
 * RangeError when `maxNonces` nonces give none (an nBits far harder than regtest's limit).
 */
export function mineRegtestHeader(header: BlockHeader, maxNonces = 100_000): BlockHeader {
  const { n, k } = equihashParameters('regtest');
  const nonce = header.nonce.slice();
  for (let tried = 0; tried < maxNonces; tried++) {
    const input = serializeBlockHeader({ ...header, nonce, solution: new Uint8Array(0) }).subarray(
      0,
      EQUIHASH_INPUT_BYTES,
    );
    for (const solution of solveEquihash(input, n, k)) {
      const mined = { ...header, nonce: nonce.slice(), solution };
      if (checkProofOfWork(mined, 'regtest').ok) return mined;
    }
    // The next nonce: add one, carrying through the 32 bytes.
    for (let i = 0; i < nonce.length; i++) {
      nonce[i] = (nonce[i]! + 1) & 0xff;
      if (nonce[i] !== 0) break;
    }
  }
  throw new RangeError(`no solution under the target in ${maxNonces} nonces`);
}
