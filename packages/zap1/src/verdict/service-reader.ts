/**
 * What a verifier asks a ZAP1 service, and who chose it: the `ServiceReader` interface the app and
 * the command line implement over HTTP (client/http-service-reader.ts), the error a reader throws when
 * a service cannot be asked, and the reader for a claim whose service cannot be asked at all.
 */
import type { HistoryPageLoader } from './anchor-history.js';
import type { ServiceTrust } from '../evidence/block-confirmation.js';
import { parseChainEvidence, type ChainEvidence } from '../evidence/chain-evidence.js';

/** What a verifier asks a ZAP1 service. Methods reject with `ServiceUnavailableError` when it cannot answer. */
export interface ServiceReader {
  /** The service's base URL, as people know it. */
  url: string;
  /** Who named it: the person (Settings, `--service`), or the receipt or link they were handed. */
  trust: ServiceTrust;
  /** False for a reader that asks no service at all (`unaskableService`). */
  asks?: boolean;
  /** The network it anchors on (`mainnet`, `testnet`, `devnet`, or a reference name), null when it does not say. */
  network(): Promise<string | null>;
  /** Whether the service has the leaf (`GET /verify/{leaf}/check` is 200, not 404). */
  leafKnown(leafHex: string): Promise<boolean>;
  /** The service's current proof bundle of the leaf, or null when it does not know the leaf. */
  proof(leafHex: string): Promise<unknown>;
  historyPage: HistoryPageLoader;
  /** The service's chain evidence of an anchor (`GET /anchor/evidence/{txid}`), null when it has none. */
  evidence?(txid: string): Promise<unknown>;
}

/** The service could not be asked: offline, refused, timed out, or answered something else. */
export class ServiceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * The reader for a claim whose service cannot be asked at all (a receipt naming no http(s)
 * service): nothing is fetched, each question answers `reason`, so the verdict says why where a
 * service was needed; the outcome names no service.
 */
export function unaskableService(reason: string): ServiceReader {
  const refuse = () => Promise.reject(new ServiceUnavailableError(reason));
  return {
    url: '',
    trust: 'receipt',
    asks: false,
    network: refuse,
    leafKnown: refuse,
    proof: refuse,
    historyPage: refuse,
  };
}

/**
 * A reader that asks what many claims share only once: the network, each page of the history and
 * each anchor's evidence (a folder of receipts anchored together asks about their anchor once).
 * A failed answer is forgotten, so it is asked again next time.
 */
export function memoizedReader(reader: ServiceReader): ServiceReader {
  const answers = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    let answer = answers.get(key) as Promise<T> | undefined;
    if (answer === undefined) {
      answer = ask();
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
  const evidence = reader.evidence;
  return {
    ...reader,
    network: () => once('network', () => reader.network()),
    historyPage: (before) => once(`history:${before}`, () => reader.historyPage(before)),
    ...(evidence ? { evidence: (txid: string) => once(`evidence:${txid}`, () => evidence(txid)) } : {}),
  };
}

/** The URL of the service `reader` asks; null for none (no reader, or an unaskable one). */
export function askedServiceUrl(reader: ServiceReader | null): string | null {
  return reader !== null && reader.asks !== false ? reader.url : null;
}

/** The service's evidence of an anchor, or null when it has none, offers none, or cannot be asked. */
export async function fetchEvidence(reader: ServiceReader, txid: string): Promise<ChainEvidence | null> {
  try {
    const fetched = await reader.evidence?.(txid);
    const parsed = fetched === null || fetched === undefined ? null : parseChainEvidence(fetched);
    return parsed?.ok ? parsed.evidence : null;
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return null;
    throw error;
  }
}

/** Turns any failure of a reader's request into the error `verifyClaim` treats as "could not ask". */
export function unavailable(error: unknown, what: string): ServiceUnavailableError {
  return error instanceof ServiceUnavailableError
    ? error
    : new ServiceUnavailableError(`${what}: ${messageOf(error)}`);
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
