/**
 * The page side of the receipt verification benchmark (bench/receipt-verify.ts): built by it with
 * Vite into one classic script from zap1's sources, loaded into a fresh Chromium page, where it times
 * verifyClaim with performance.now() so that no round trip to the test driver is counted.
 */
import { checkChainEvidence, checkProofOfWork } from 'zap1';
import { parseReceipt, type Receipt } from 'zap1';
import { verifyClaim, type ClaimOutcome } from 'zap1';

/** What one timed verification found, to check in Node. */
export interface Verified {
  verdict: string;
  /** `name:status` of each check. */
  checks: string[];
  recoveredMemoRootHex: string | null;
}

/** The functions the page exposes as `globalThis.zap1ReceiptBench`. */
export interface ReceiptBenchApi {
  /**
   * One verifyClaim({ receipt, blockHash }, null, new Date()) call, offline with the block's hash
   * given; the receipt is read from its JSON text with parseReceipt before the clock starts.
   */
  verify(receiptJson: string, blockHash: string): Promise<{ ms: number; found: Verified }>;
  /** The same call from the receipt file's text: JSON.parse and parseReceipt timed with it. */
  readAndVerify(receiptJson: string, blockHash: string): Promise<{ ms: number; found: Verified }>;
  /** One checkChainEvidence call (the chain bytes' part of verifyClaim), for comparison. */
  checkEvidence(receiptJson: string, rootHex: string): { ms: number; checks: string[] };
  /** One checkProofOfWork(header, 'mainnet') call: what a mainnet receipt's `work` check costs. */
  checkMainnetWork(headerHex: string): { ms: number; ok: boolean };
  /** `count` timed verify calls after `warmup` untimed ones, in milliseconds. */
  warm(receiptJson: string, blockHash: string, warmup: number, count: number): Promise<number[]>;
}

function receiptOf(json: unknown): Receipt {
  const parsed = parseReceipt(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.receipt;
}

const verifyOffline = (receipt: Receipt, blockHash: string): Promise<ClaimOutcome> =>
  verifyClaim({ receipt, blockHash }, null, new Date());

function found(outcome: ClaimOutcome): Verified {
  return {
    verdict: outcome.judgement.verdict,
    checks: outcome.judgement.checks.map((c) => `${c.name}:${c.status}`),
    recoveredMemoRootHex: outcome.recoveredMemoRootHex,
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

const api: ReceiptBenchApi = {
  async verify(receiptJson, blockHash) {
    const receipt = receiptOf(JSON.parse(receiptJson));
    const { ms, result } = await timed(() => verifyOffline(receipt, blockHash));
    return { ms, found: found(result) };
  },
  async readAndVerify(receiptJson, blockHash) {
    const { ms, result } = await timed(() => verifyOffline(receiptOf(JSON.parse(receiptJson)), blockHash));
    return { ms, found: found(result) };
  },
  checkEvidence(receiptJson, rootHex) {
    const receipt = receiptOf(JSON.parse(receiptJson));
    const evidence = receipt.chain_evidence;
    if (evidence === undefined) throw new Error('the receipt holds no chain evidence');
    const claim = { txid: evidence.txid, height: evidence.height, network: receipt.service.network };
    const started = performance.now();
    const findings = checkChainEvidence(evidence, rootHex, claim);
    const ms = performance.now() - started;
    return { ms, checks: findings.checks.map((c) => `${c.name}:${c.status}`) };
  },
  checkMainnetWork(headerHex) {
    const started = performance.now();
    const { ok } = checkProofOfWork(headerHex, 'mainnet');
    return { ms: performance.now() - started, ok };
  },
  async warm(receiptJson, blockHash, warmup, count) {
    const receipt = receiptOf(JSON.parse(receiptJson));
    for (let i = 0; i < warmup; i++) await verifyOffline(receipt, blockHash);
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push((await timed(() => verifyOffline(receipt, blockHash))).ms);
    return times;
  },
};

Reflect.set(globalThis, 'zap1ReceiptBench', api);
