/** Test-only doubles for the webhook tests (not built into the service: tsconfig.server.json). */
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** A lookup double that answers `addresses` for every name and records the names asked; no network. */
export function fakeLookup(addresses: LookupAddress[]): { lookup: LookupFunction; asked: string[] } {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return { lookup, asked };
}
