/**
 * A service that only a receipt or a link names is not the person's: anyone can write any address
 * into a receipt, a forger their own "service". It is asked only when the person agrees, and what it
 * says is quoted, never taken as confirmation (zap1's evidence/block-confirmation.ts).
 */
import { visibleText } from 'zap1';
import { Button } from '../../components/ui/button';
import { serviceHost, type ServiceToAsk } from './claim';

export function AskNamedService({
  url,
  by,
  configured,
  onAsk,
}: {
  url: string;
  by: 'receipt' | 'link';
  /** The service the person uses (Settings). */
  configured: string;
  onAsk: () => void;
}) {
  const host = visibleText(serviceHost(url));
  return (
    <div
      className="space-y-2 rounded border border-amber-500 bg-amber-50 p-3 text-amber-950 print:hidden dark:bg-amber-950 dark:text-amber-50"
      data-testid="ask-named-service"
    >
      <p className="text-sm">
        This {by} names the service <span className="break-all font-mono">{visibleText(url)}</span>, which is
        not the one you use ({visibleText(configured)}). It has not been asked: a {by} can name any service, a
        forger's own too. Whatever it says is shown as its word only; an anchor is confirmed only by a block
        hash you compare, your own node, or the service you use.
      </p>
      <Button onClick={onAsk} data-testid="ask-named-service-button">
        Ask {host} about this {by}?
      </Button>
    </div>
  );
}

/** What the page says it verifies against, and whose service that is. */
export function verifyingWords(label: string, service: ServiceToAsk, consented: boolean): string {
  const what = visibleText(label);
  switch (service.kind) {
    case 'chosen':
      return `Verifying ${what} against ${visibleText(service.url)}, the service you use.`;
    case 'named':
      return consented
        ? `Verifying ${what} against ${visibleText(service.url)}, named by the ${service.by} and asked with your consent: its word is quoted, never relied on.`
        : `Verifying ${what} without asking any service: the ${service.by} names ${visibleText(service.url)}, which is not the service you use.`;
    case 'none':
      return `Verifying ${what} with no service: ${visibleText(service.problem)}. Only what this browser can check without one is checked.`;
  }
}
