/** The link that verifies this leaf again, anywhere: shown, copied, and as a QR code for a phone or a printed page. */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { visibleText } from 'zap1';
import { CopyButton } from '../../components/ui/copy-button';

/** The QR code of `text` as an SVG data URL (an image: the page's CSP allows no inline markup from strings). */
export function useQrDataUrl(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then(
      (svg) => current && setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setUrl(null),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return url;
}

export function QrImage({ text, size = 144 }: { text: string; size?: number }) {
  const url = useQrDataUrl(text);
  if (!url) return null;
  return (
    <img
      src={url}
      width={size}
      height={size}
      alt="QR code of the verify link"
      className="rounded bg-white p-1"
      data-testid="verify-qr"
    />
  );
}

export function ShareLink({
  link,
  qrLink,
  carriesReceipt,
  documentName,
  asksForDocument,
}: {
  link: string;
  /** The link in the QR code: with a compact receipt, or without it when that would not fit. */
  qrLink: string;
  /** The link carries the receipt in its fragment. */
  carriesReceipt: boolean;
  /** The receipt's stated file name, to say which document the colleague is asked for. */
  documentName: string | null;
  /** The link carries the document's SHA-256, so the colleague is asked for the document. */
  asksForDocument: boolean;
}) {
  const doc = documentName === null ? 'the document' : visibleText(documentName);
  return (
    <section
      aria-labelledby="share-title"
      className="min-w-0 space-y-3 rounded border border-slate-300 p-4 print:hidden dark:border-slate-700"
    >
      <h2 id="share-title" className="font-semibold">
        Share this verification
      </h2>
      <p className="text-sm" data-testid="share-explained">
        {asksForDocument
          ? `Whoever opens this link checks the same ${carriesReceipt ? 'receipt' : 'leaf'} in their own browser, and is asked to drop ${doc} to confirm it is the same document (its SHA-256 is in the link).`
          : 'Anyone who opens this link verifies the same leaf in their own browser, against the same service.'}
        {carriesReceipt &&
          ' The receipt travels after the # of the link, a part browsers never send to any server.'}
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <QrImage text={qrLink} size={176} />
        <div className="min-w-0 flex-1 space-y-2">
          {/* The link holds a receipt's service URL: shown with hidden characters written out. */}
          <a
            className="line-clamp-3 break-all font-mono text-sm underline"
            href={link}
            data-testid="verify-link"
            data-link={link}
          >
            {visibleText(link)}
          </a>
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton text={link} what="link" label="Copy link" />
          </div>
          {qrLink !== link && (
            <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="qr-explained">
              {qrLink.includes('#receipt=')
                ? 'The QR code carries the receipt without its proof: the scanning browser fetches the proof from the service and checks it.'
                : 'The QR code carries the leaf and the SHA-256 only: a receipt is too large for it.'}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
