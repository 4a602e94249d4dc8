/**
 * The link a verification shares, and the one its QR code and certificate carry: the same short link
 * (link-claim.ts), a few hundred characters. A receipt whose event the leaf proved travels as its
 * event's fields; a leaf or a bundle as the leaf alone (with the document's SHA-256 a link gave).
 */
import type { ClaimOutcome, Receipt } from 'zap1';
import { MAX_QR_LINK_CHARS, verifyLink, type LinkExtras } from './claim';
import { shortVerifyLink } from './link-claim';
import { eventProven } from './receipt-rows';

export function shareLinks({
  appOrigin,
  outcome,
  receipt,
  linkedSha256,
}: {
  appOrigin: string;
  outcome: ClaimOutcome;
  receipt: Receipt | null;
  linkedSha256: string | null;
}): { link: string | null; qrLink: string | null; provenReceipt: Receipt | null; extras: LinkExtras } {
  const { judgement } = outcome;
  // The link shares the receipt's event only once the leaf proved it.
  const provenReceipt = receipt && eventProven(judgement.checks) ? receipt : null;
  const sha = provenReceipt?.event['contract_sha256'];
  const extras: LinkExtras = { sha256: typeof sha === 'string' ? sha : linkedSha256 };
  if (!judgement.leafHex || outcome.service === null)
    return { link: null, qrLink: null, provenReceipt, extras };
  const link = provenReceipt
    ? shortVerifyLink(appOrigin, outcome.service, provenReceipt, {
        txid: judgement.txid,
        height: judgement.height,
      })
    : verifyLink(appOrigin, judgement.leafHex, outcome.service, extras);
  // A QR code holds about 2 KB: a link longer than that (a long file name, a long serial) drops the event.
  const qrLink =
    link.length <= MAX_QR_LINK_CHARS
      ? link
      : verifyLink(appOrigin, judgement.leafHex, outcome.service, extras);
  return { link, qrLink, provenReceipt, extras };
}
