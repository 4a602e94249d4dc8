import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { anchorKeys } from '../../api/anchor';
import { anchorPaymentQueryOptions, manualAnchorKeys, recordManualAnchor } from '../../api/manual-anchor';
import { useServiceNetwork } from '../../api/network';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { PATHS } from '../../app/paths';
import { decimalAmount } from '../../components/amount-words';
import { ErrorNotice } from '../../components/error-notice';
import { Loading } from '../../components/page-states';
import { formatNumber } from '../../components/number-words';
import { useKeptError } from '../../components/use-kept-error';
import { Button } from '../../components/ui/button';
import { HashText } from '../../components/hash-text';
import { CopyButton } from '../../components/ui/copy-button';
import { TextField } from '../../components/ui/field';
import { PANEL_CLASS } from '../../components/ui/styles';
import { visibleText } from 'zap1';

const PAYMENT_MS = 5_000;

/**
 * A service that anchors manually holds no spending key: the operator pays the anchor of the current
 * root from their own wallet (scan the QR code or copy the ZIP-321 URI) and records the transaction.
 */
export function ManualAnchor() {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const payment = useQuery(anchorPaymentQueryOptions(baseUrl, apiKey, PAYMENT_MS));
  const paymentError = useKeptError(payment, [baseUrl, apiKey]);
  const { network } = useServiceNetwork(baseUrl);

  if (!apiKey) {
    return (
      <p className="text-sm">
        This service anchors manually. Operators: keep your operator key on the{' '}
        <Link className="underline" to={PATHS.keys}>
          Keys page
        </Link>{' '}
        to see the anchor payment and record it.
      </p>
    );
  }
  if (paymentError)
    return (
      <ErrorNotice
        error={paymentError}
        title="The anchor payment could not be loaded"
        retryEveryMs={PAYMENT_MS}
      />
    );
  const p = payment.data;
  if (!p) return <Loading what="the anchor payment" />;
  if (!p.send_enabled || !p.payment_uri) {
    return (
      <p className="text-sm" data-testid="manual-anchor">
        Every leaf is anchored: nothing to pay.
      </p>
    );
  }
  return (
    <div className={PANEL_CLASS} data-testid="manual-anchor">
      <h3 className="font-semibold">Anchor by hand</h3>
      <p className="text-sm">
        {formatNumber(p.unanchored_leaves)} of {formatNumber(p.leaf_count)}{' '}
        {p.leaf_count === 1 ? 'leaf' : 'leaves'} {p.unanchored_leaves === 1 ? 'awaits' : 'await'} an anchor.
        Pay {decimalAmount(visibleText(p.amount_zec), network)} with this memo from your wallet, then record
        the transaction below.
      </p>
      {p.qr_svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(p.qr_svg)}`}
          alt="QR code of the anchor payment"
          className="h-48 w-48 bg-white"
          data-testid="anchor-qr"
        />
      )}
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {/* Shown with its hidden characters visible; copied as the service sent it, for the wallet. */}
        <code className="break-all" data-testid="anchor-uri">
          {visibleText(p.payment_uri)}
        </code>
        <CopyButton text={p.payment_uri} what="payment URI" label="Copy URI" />
      </p>
      <p className="text-sm">
        Memo: <HashText value={p.memo} what="memo" full />
      </p>
      <RecordForm root={p.root} />
    </div>
  );
}

function RecordForm({ root }: { root: string }) {
  const baseUrl = useBaseUrl();
  const ids = useId();
  const queryClient = useQueryClient();
  const [txid, setTxid] = useState('');
  const [height, setHeight] = useState('');
  const record = useMutation({
    mutationFn: () => recordManualAnchor(baseUrl, { root, txid: txid.trim(), height: Number(height) }),
    onSuccess: () => {
      setTxid('');
      setHeight('');
      void queryClient.invalidateQueries({ queryKey: manualAnchorKeys.payment(baseUrl) });
      void queryClient.invalidateQueries({ queryKey: anchorKeys.all(baseUrl) });
    },
  });
  const heightProblem =
    height !== '' && !/^[1-9]\d{0,9}$/.test(height) ? 'The height is a whole block number.' : undefined;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!heightProblem && txid.trim() && height) record.mutate();
      }}
    >
      <TextField
        id={`${ids}-txid`}
        label="Transaction id"
        value={txid}
        onChange={setTxid}
        spellCheck={false}
      />
      <TextField
        id={`${ids}-height`}
        label="Block height"
        error={heightProblem}
        value={height}
        onChange={setHeight}
        inputMode="numeric"
      />
      <Button type="submit" variant="primary" disabled={record.isPending || !txid.trim() || !height}>
        {record.isPending ? 'Checking with the node…' : 'Record the anchor'}
      </Button>
      <div aria-live="polite">
        {record.isError && <ErrorNotice error={record.error} title="The anchor was not recorded" />}
        {record.isSuccess && (
          <p role="status" data-testid="manual-anchor-recorded">
            Recorded: root anchored in {visibleText(record.data.txid)} at height{' '}
            {formatNumber(record.data.height)}.
          </p>
        )}
      </div>
    </form>
  );
}
