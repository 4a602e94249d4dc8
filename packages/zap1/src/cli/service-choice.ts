/**
 * Which ZAP1 service `zap1 upgrade` and `zap1 verify` ask about a receipt: only one the person
 * chose (the security review of the verdict's sources). That is `--service`, or a service the
 * person stamped with (`zap1 stamp --service`, kept in the config file) when the receipt names
 * it; a service only a receipt names is never asked. Each service gets one reader for the run,
 * which asks once what every receipt shares (the network, a history page, an anchor's evidence).
 */
import {
  httpServiceReader,
  memoizedReader,
  receiptServiceUrl,
  type Receipt,
  type ServiceReader,
} from '../index.js';
import type { CliConfig } from './cli-config.js';

/**
 * Why no service is asked about `receipt`: it names none usable, or it names one nobody chose
 * (`also` adds another way to choose it, e.g. stamping with it).
 */
export function noServiceReason(receipt: Receipt | null, also = ''): string {
  const own = receipt === null ? null : receiptServiceUrl(receipt);
  const give = `give --service with the service you use${also}`;
  if (own === null) return `none was named (${give})`;
  return own.ok
    ? `the receipt names ${own.url}, and a service a receipt names is never asked on its word (${give})`
    : `${own.problem} (${give})`;
}

export interface ServiceChoice {
  /** `--service`, as `serviceAddress` gives it. */
  service: string | null;
  offline: boolean;
  config: CliConfig;
}

/** Picks the reader for each receipt, one per service for the whole run. */
export function serviceChooser(choice: ServiceChoice) {
  const readers = new Map<string, ServiceReader>();
  const readerOf = (url: string) => {
    let reader = readers.get(url);
    if (!reader) {
      reader = memoizedReader(httpServiceReader(url, { trust: 'chosen' }));
      readers.set(url, reader);
    }
    return reader;
  };
  return {
    /** The reader to ask about `receipt`, or null with the reason none is asked. */
    readerFor(receipt: Receipt | null): { reader: ServiceReader | null; reason: string | null } {
      if (choice.offline) return { reader: null, reason: null };
      if (choice.service !== null) return { reader: readerOf(choice.service), reason: null };
      const own = receipt === null ? null : receiptServiceUrl(receipt);
      const url = own?.ok ? own.url.replace(/\/+$/, '') : null;
      if (url !== null && choice.config.services[url] !== undefined)
        return { reader: readerOf(url), reason: null };
      return { reader: null, reason: noServiceReason(receipt, ', or stamp with it') };
    },
    /** Forgets what the readers were told (a new round of `upgrade --wait`). */
    refresh(): void {
      readers.clear();
    },
    /** The services asked so far. */
    asked(): string[] {
      return [...readers.keys()];
    },
  };
}
