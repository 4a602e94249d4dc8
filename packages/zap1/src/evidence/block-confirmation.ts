/**
 * The one fact chain evidence leaves open once its bytes hold: block `block_hash` is at `height` of
 * the real chain. Only a source the person chose can settle it, and only by the block's hash:
 *
 * - a block hash they read themselves (an explorer, their node) and gave;
 * - their own node (`getblockhash`);
 * - the anchor history of the service they chose (Settings, `--service`), whose entry for this
 *   anchor names the block's hash (the service reads it from the chain).
 *
 * A service the person did not choose (named only by a receipt or a link, asked with their
 * consent) is quoted, never trusted: its word leaves the block open. A history that vouches for the
 * txid and height but names no block hash confirms nothing, since any header can be made up for a
 * txid and height (backdating is exactly that).
 */
import { heightWords } from '../protocol/number-words.js';
import type { VerdictCheck } from '../verdict/anchor-verdict.js';
import type { ChainEvidence } from './chain-evidence.js';
import { networkName } from './chain-evidence.js';
import { visibleText } from '../protocol/display-text.js';

/** Who named a service: the person (Settings, `--service`), or a receipt or a link they were handed. */
export type ServiceTrust = 'chosen' | 'receipt' | 'link';

/** Where the fact "block X is at height H" was read, and what it said. */
export type BlockSource =
  | { kind: 'given'; blockHash: string }
  | { kind: 'node'; url: string; blockHash: string | null }
  | {
      kind: 'history';
      service: string;
      trust: ServiceTrust;
      /** The history's entry for the evidence's root: its transaction, height and block hash (null: not given). */
      entry: { txid: string; height: number; blockHash: string | null };
    };

/** "the service https://x.example, named by the receipt," as a verdict quotes a service nobody chose. */
export function namedServiceWords(service: string, trust: Exclude<ServiceTrust, 'chosen'>): string {
  return `the service ${visibleText(service)}, named by the ${trust},`;
}

const pass = (detail: string): VerdictCheck => ({ name: 'block', status: 'pass', detail });
const fail = (detail: string): VerdictCheck => ({ name: 'block', status: 'fail', detail });
const open = (detail: string): VerdictCheck => ({ name: 'block', status: 'unknown', detail });

function fromHistory(
  evidence: ChainEvidence,
  source: Extract<BlockSource, { kind: 'history' }>,
  lookUp: string,
): VerdictCheck {
  const { entry, trust } = source;
  const service = visibleText(source.service);
  const who = trust === 'chosen' ? service : namedServiceWords(service, trust);
  if (entry.txid !== evidence.txid || entry.height !== evidence.height) {
    return fail(
      `${who} lists this root as anchored in transaction ${entry.txid} at height ${heightWords(entry.height)}, not in the evidence's transaction ${evidence.txid} at height ${heightWords(evidence.height)}.`,
    );
  }
  if (entry.blockHash !== null && entry.blockHash !== evidence.block_hash) {
    return fail(
      `${who} has this anchor in block ${visibleText(entry.blockHash)} at height ${heightWords(evidence.height)}, not in the evidence's block ${evidence.block_hash}: the evidence's header is not the chain's.`,
    );
  }
  if (entry.blockHash === null) {
    return open(
      `${who} lists this anchor at height ${heightWords(evidence.height)} but names no block hash, so it cannot confirm the evidence's block. ${lookUp}`,
    );
  }
  if (trust !== 'chosen') {
    return open(
      `Unconfirmed: ${who} says block ${evidence.block_hash} at height ${heightWords(evidence.height)} holds this anchor. That is its word alone, and you did not choose it. ${lookUp}`,
    );
  }
  return pass(
    `${service}, the service you chose, has this anchor in block ${evidence.block_hash} at height ${heightWords(evidence.height)}, the evidence's block.`,
  );
}

/**
 * The `block` check: `pass` when a chosen source confirms the block's hash (named in the detail),
 * `fail` when a source contradicts it, `unknown` (saying which block to look up, and where, when an
 * explorer template is known) when none settled it.
 */
export function confirmBlock(
  evidence: ChainEvidence,
  sources: readonly BlockSource[],
  explorerBlockUrl: string | null = null,
): VerdictCheck {
  const where = explorerBlockUrl ? ` (${explorerLink(explorerBlockUrl, evidence)})` : '';
  const lookUp = `Look up the block at height ${heightWords(evidence.height)} in an explorer${where} or on your node: its hash must be ${evidence.block_hash}.`;
  const at = `block ${evidence.block_hash} at height ${heightWords(evidence.height)}`;
  for (const source of sources) {
    if (source.kind === 'given') {
      const given = source.blockHash.trim().toLowerCase();
      return given === evidence.block_hash
        ? pass(
            `The block hash you read for height ${heightWords(evidence.height)} is ${given}, the evidence's block.`,
          )
        : fail(
            `The block hash you read for height ${heightWords(evidence.height)} is ${visibleText(given)}, not the evidence's block ${evidence.block_hash}.`,
          );
    }
    if (source.kind === 'node' && source.blockHash !== null) {
      return source.blockHash === evidence.block_hash
        ? pass(`Your node (${visibleText(source.url)}) has ${at}.`)
        : fail(
            `Your node (${visibleText(source.url)}) has block ${visibleText(source.blockHash)} at height ${heightWords(evidence.height)}, not the evidence's ${evidence.block_hash}.`,
          );
    }
  }
  // A chosen service speaks before one a receipt or link named; a contradiction from either stands.
  const histories = sources.filter(
    (s): s is Extract<BlockSource, { kind: 'history' }> => s.kind === 'history',
  );
  const judged = histories
    .sort((a, b) => Number(b.trust === 'chosen') - Number(a.trust === 'chosen'))
    .map((source) => fromHistory(evidence, source, lookUp));
  const decided =
    judged.find((c) => c.status === 'fail') ?? judged.find((c) => c.status === 'pass') ?? judged[0];
  return decided ?? open(`Everything but one fact was checked on the chain's own bytes. ${lookUp}`);
}

/**
 * Block explorers this library knows, per network: where a person looks a block up when they named
 * none. Never taken from a receipt or a service: a forger would point it at their own page.
 */
export const KNOWN_BLOCK_EXPLORERS: Readonly<Record<string, string>> = {
  mainnet: 'https://blockchair.com/zcash/block/{height}',
};

/** The person's own explorer template when they gave one, else the known one for the network (or null). */
export function blockExplorerFor(network: string | null, personal: string | null = null): string | null {
  if (personal !== null && isExplorerTemplate(personal)) return personal;
  return network === null ? null : (KNOWN_BLOCK_EXPLORERS[networkName(network)] ?? null);
}

/** An http(s) URL with `{height}` or `{hash}` in it, of a sensible length. */
export function isExplorerTemplate(template: string): boolean {
  return template.length <= 2000 && /^https?:\/\//i.test(template) && /\{(?:height|hash)\}/.test(template);
}

/** The template with the evidence's height and block hash put in. */
export function explorerLink(
  template: string,
  evidence: Pick<ChainEvidence, 'height' | 'block_hash'>,
): string {
  return template.replace('{height}', String(evidence.height)).replace('{hash}', evidence.block_hash);
}
