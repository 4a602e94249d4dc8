/**
 * The chain codec's reading of real chain bytes, for `npm run bench` (core.bench.ts): a header's
 * proof of work checked, and a block of 2 MB (the consensus maximum) read whole with every txid.
 * The bytes are real: mainnet block 1,687,107 from the Zebra project's vectors (v4 and v5
 * transactions), its transactions repeated to fill a 2 MB block.
 */
import {
  blockMerkleRoot,
  checkProofOfWork,
  parseBlock,
  serializeBlock,
  serializeTransaction,
  transactionId,
} from 'zap1';
import { readZebraBlocks } from 'zap1/testing';
import { fmt } from './report.js';

/** A Zcash block holds at most 2,000,000 bytes. */
const MAX_BLOCK_BYTES = 2_000_000;

function medianMs(runs: number, run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** The rows: [what, figure]. */
export function measureChainReading(): Array<[string, string]> {
  const real = readZebraBlocks().find((block) => block.file === 'block-main-1-687-107.txt')!;
  const block = parseBlock(real.hex);
  const header = block.header;

  // The first call pays for compiling; the figure a verifier sees once is the cold one.
  const coldStarted = performance.now();
  if (!checkProofOfWork(header, 'mainnet').ok) throw new Error('the real header failed its proof of work');
  const coldWork = performance.now() - coldStarted;
  const warmWork = medianMs(50, () => checkProofOfWork(header, 'mainnet'));

  // Its transactions again and again, up to 2 MB: a full block of real-format transactions.
  const transactions = [...block.transactions];
  let bytes = serializeBlock(block).length;
  const each = block.transactions.map((tx) => serializeTransaction(tx).length);
  for (let i = 0; bytes + each[i % each.length]! <= MAX_BLOCK_BYTES; i++) {
    transactions.push(block.transactions[i % block.transactions.length]!);
    bytes += each[i % each.length]!;
  }
  const full = serializeBlock({ header, transactions });
  const parseMs = medianMs(9, () => parseBlock(full));
  let root = '';
  const withTxids = medianMs(9, () => {
    root = blockMerkleRoot(parseBlock(full).transactions.map((tx) => transactionId(tx)));
  });
  if (root.length !== 64) throw new Error('no merkle root');
  const versions = new Set(transactions.map((tx) => tx.version));
  return [
    [
      "`checkProofOfWork(header, 'mainnet')` of mainnet block 1,687,107's header (Equihash (200, 9): 512 BLAKE2b hashes on @noble/hashes, then the target): first call / median warm",
      `${fmt(coldWork, 1)} ms / ${fmt(warmWork, 2)} ms`,
    ],
    [
      `\`parseBlock\` of a ${fmt(full.length / 1e6, 2)} MB block (${fmt(transactions.length)} real transactions of versions ${[...versions].sort().join(' and ')}, repeated from that block), median of 9`,
      `${fmt(parseMs, 1)} ms`,
    ],
    ['… and every txid with the merkle root over them, median of 9', `${fmt(withTxids, 1)} ms`],
  ];
}
