/** The link that verifies this leaf again, anywhere: shown, copied, and as a QR code for a phone or a printed page. */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { visibleText } from '../../core';
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

export function ShareLink({ link }: { link: string }) {
  return (
    <section
      aria-labelledby="share-title"
      className="min-w-0 space-y-3 rounded border border-slate-300 p-4 print:hidden dark:border-slate-700"
    >
      <h2 id="share-title" className="font-semibold">
        Share this verification
      </h2>
      <p className="text-sm">
        Anyone who opens this link verifies the same leaf in their own browser, against the same service.
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <QrImage text={link} />
        <div className="min-w-0 flex-1 space-y-2">
          {/* The link holds a receipt's service URL: shown with hidden characters written out. */}
          <a className="block break-all font-mono text-sm underline" href={link} data-testid="verify-link">
            {visibleText(link)}
          </a>
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton text={link} what="link" label="Copy link" />
          </div>
        </div>
      </div>
    </section>
  );
}
