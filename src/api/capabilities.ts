/**
 * What the service offers, learned from `/protocol/info` `extensions` (this service lists its
 * additions there; a reference deployment lists none), so pages hide what a service lacks instead
 * of showing errors, and do in the browser what the service would not (filtering events by type).
 */
import { useQuery } from '@tanstack/react-query';
import { protocolInfoQueryOptions, type ProtocolInfo } from './protocol';

export interface Capabilities {
  /** `/anchor/consistency` between anchored roots. */
  consistency: boolean;
  /** `/events?before=` pages with a `Link` to older ones (so a root's leaves can be listed). */
  eventsPaging: boolean;
  /** `/events?event_type=`; without it the app filters the latest events itself. */
  eventsFilter: boolean;
  /** `/lifecycle/{wallet}/export`. */
  lifecycleExport: boolean;
  /** `POST /anchor/now` for the operator. */
  anchorNow: boolean;
  /** The operator pays and records anchors (`/admin/anchor/qr`, `/admin/anchor/record`). */
  manualAnchor: boolean;
  /** `/anchor/attempts`: each anchoring attempt with every change and error. */
  anchorAttempts: boolean;
  /** `/lookup?q=`: what a search value is, answered 200 even when nothing matches. */
  lookup: boolean;
  /** `/anchor/evidence/{txid}`: the chain's own evidence of an anchor, which receipts carry. */
  anchorEvidence: boolean;
}

export function capabilitiesOf(info: ProtocolInfo | undefined): Capabilities {
  const offered = new Set(info?.extensions ?? []);
  return {
    consistency: offered.has('consistency'),
    eventsPaging: offered.has('events-paging'),
    eventsFilter: offered.has('events-filter'),
    lifecycleExport: offered.has('lifecycle-export'),
    anchorNow: offered.has('anchor-now'),
    manualAnchor: offered.has('manual-anchor'),
    anchorAttempts: offered.has('anchor-attempts'),
    lookup: offered.has('lookup'),
    anchorEvidence: offered.has('anchor-evidence'),
  };
}

/** The capabilities of the service at `baseUrl`; null until `/protocol/info` has answered. */
export function useCapabilities(baseUrl: string): Capabilities | null {
  const info = useQuery(protocolInfoQueryOptions(baseUrl));
  return info.isSuccess ? capabilitiesOf(info.data) : info.isError ? capabilitiesOf(undefined) : null;
}
