import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { lifecycleQueryOptions } from '../../api/lifecycle';
import { useApiKey, useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { EmptyState, Loading } from '../../components/page-states';
import { RelativeTime } from '../../components/relative-time';
import { HashLink } from '../../components/hash-link';
import { TxLink } from '../../components/tx-link';
import { anchorStateOf, anyAwaiting, timelineFacts, timelineOrder } from './timeline';
import {
  filterByKey,
  otherKeySummary,
  parseKeyFilter,
  writtenByOtherKey,
  type KeyFilter,
} from './key-filter';
import { KeySummary } from './key-summary';
import { OwnPseudonymList } from './own-pseudonym-list';
import { Page } from '../../components/ui/page';
import { FIELD_SPECS, eventTypeName, visibleText } from 'zap1';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { PATHS, walletPath } from '../../app/paths';
import { NotifyWhenAnchored } from '../../components/ui/notify-when-anchored';
import { StatusPill } from '../../components/ui/status-pill';
import { formatNumber } from '../../components/number-words';

const POLL_MS = 3_000;

function WalletForm({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const wallet = value.trim();
        if (wallet) void navigate(walletPath(wallet));
      }}
    >
      <div className="min-w-0 flex-1">
        <TextField
          id={id}
          label={FIELD_SPECS.wallet_hash.label}
          value={value}
          onChange={setValue}
          spellCheck={false}
        />
      </div>
      <Button type="submit" variant="primary">
        Show timeline
      </Button>
    </form>
  );
}

/**
 * What a pseudonym gives away, said where it shows (the Anchor page says it where one is chosen):
 * a receipt names its pseudonym, so whoever holds one can list everything filed under it.
 */
function PublicTimelineNote() {
  return (
    <p
      className="rounded bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      role="note"
      data-testid="public-timeline-note"
    >
      Timelines are public: anyone who knows a pseudonym (every receipt filed under it names it) sees every
      event filed under it, with its serial number and time. The Anchor page gives each document a new
      pseudonym unless you choose to keep using one.
    </p>
  );
}

/** `/wallet` and `/wallet/:wallet`: every event the service recorded for one wallet, oldest to newest. */
export function WalletPage() {
  const { wallet = '' } = useParams();
  return (
    <Page title={wallet ? 'Wallet timeline' : 'Wallet timelines'} className="max-w-5xl space-y-4">
      <WalletForm key={wallet} initial={wallet} />
      {wallet ? (
        <Timeline wallet={wallet} />
      ) : (
        <>
          <p>Enter a wallet pseudonym to see every event recorded for it, with its anchor state.</p>
          <PublicTimelineNote />
          <OwnPseudonymList />
        </>
      )}
    </Page>
  );
}

function Timeline({ wallet }: { wallet: string }) {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const [params, setParams] = useSearchParams();
  const keyFilter = parseKeyFilter(params.get('keys'));
  // In the address, so a filtered timeline can be shared and Back undoes a change.
  const setKeyFilter = (filter: KeyFilter) =>
    setParams(filter === 'all' ? {} : { keys: filter }, { replace: false });
  const lifecycle = useQuery({
    ...lifecycleQueryOptions(baseUrl, wallet, apiKey),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.kind === 'found' && anyAwaiting(data.lifecycle.events) ? POLL_MS : false;
    },
  });

  if (lifecycle.isPending) return <Loading what="the timeline" />;
  if (lifecycle.isError)
    return <ErrorNotice error={lifecycle.error} title="The timeline could not be loaded" />;
  const result = lifecycle.data;
  if (result.kind === 'no_events') {
    return (
      <>
        <EmptyState>
          The service has no events for the wallet “{visibleText(wallet)}”. Check the spelling: pseudonyms are
          case-sensitive.
        </EmptyState>
        <OwnPseudonymList except={wallet} />
      </>
    );
  }
  if (result.kind === 'key_required') {
    return (
      <div
        role="alert"
        className="rounded border border-amber-700 bg-amber-50 p-3 text-slate-900 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">This service requires a key to show wallet timelines.</p>
        <p>
          {apiKey
            ? 'The key you keep for this service is not accepted for this.'
            : 'You keep no key for this service.'}{' '}
          <Link className="underline" to={PATHS.keys}>
            Manage your key
          </Link>
          . ({visibleText(result.message)})
        </p>
      </div>
    );
  }

  // Serials, types, key ids and wallets are what submitters and the service wrote: shown with
  // visibleText, so a bidi override or an invisible character cannot disguise them.
  const events = timelineOrder(result.lifecycle.events);
  const firstKey = result.lifecycle.first_key_id ?? null;
  const summary = otherKeySummary(events, firstKey);
  // Numbered in the whole timeline, so a filtered card keeps its place ("3." stays the third event).
  const numbered = events.map((event, i) => ({ ...event, number: i + 1 }));
  const shown = summary ? filterByKey(numbered, firstKey, keyFilter) : numbered;
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {shown.length === events.length ? events.length : `Showing ${shown.length} of ${events.length}`}{' '}
        {events.length === 1 ? 'event' : 'events'}, oldest first. These are claims the service recorded for
        this pseudonym, not authenticated facts: anyone may submit events under any pseudonym. A leaf's anchor
        proves only that the leaf existed by then.
      </p>
      <PublicTimelineNote />
      {summary && firstKey !== null && (
        <KeySummary
          summary={summary}
          total={events.length}
          firstKeyId={firstKey}
          filter={keyFilter}
          onFilter={setKeyFilter}
        />
      )}
      <NotifyWhenAnchored
        anchored={events.every((event) => anchorStateOf(event).kind === 'anchored')}
        what={`Every event of wallet ${visibleText(wallet)} is anchored on chain.`}
      />
      <ol className="space-y-3 border-l-2 border-slate-300 pl-4 dark:border-slate-700" data-testid="timeline">
        {shown.map((event) => {
          const state = anchorStateOf(event);
          const otherKey = writtenByOtherKey(event, firstKey);
          return (
            <li
              key={`${event.leaf_hash}-${event.number}`}
              className="rounded border border-slate-300 p-3 dark:border-slate-700"
              data-leaf={event.leaf_hash}
              data-anchor-state={state.kind}
              data-other-key={otherKey || undefined}
            >
              <p className="font-semibold">
                {event.number}. {visibleText(eventTypeName(event.event_type))}{' '}
                <span className="font-normal text-slate-700 dark:text-slate-300">(claimed)</span>
                {/* The summary above says which keys; the card only says that it is one of them. */}
                {otherKey && <span className="text-sm font-normal"> · another key</span>}
              </p>
              <p className="text-sm">
                Recorded <RelativeTime value={event.created_at} />
              </p>
              {timelineFacts(event).length > 0 && (
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm" data-testid="event-facts">
                  {timelineFacts(event).map((fact) => (
                    <Fragment key={fact.label}>
                      <dt className="font-medium">{fact.label}</dt>
                      <dd className={fact.mono ? 'font-mono break-all' : ''}>{visibleText(fact.value)}</dd>
                    </Fragment>
                  ))}
                </dl>
              )}
              <p className="text-sm">
                Leaf <HashLink to="leaf" hash={event.leaf_hash} />
              </p>
              <p className="text-sm" data-testid="anchor-state">
                {state.kind === 'anchored' && (
                  <>
                    <StatusPill state="anchored">Anchored</StatusPill> at height{' '}
                    {state.height === null ? 'unknown' : formatNumber(state.height)} in{' '}
                    <TxLink txid={state.txid} />
                  </>
                )}
                {state.kind === 'broadcast' && (
                  <>
                    <StatusPill state="sent">Transaction sent</StatusPill> awaiting confirmation:{' '}
                    <TxLink txid={state.txid} />
                  </>
                )}
                {state.kind === 'awaiting' && <StatusPill state="pending">Awaiting anchor</StatusPill>}
              </p>
            </li>
          );
        })}
      </ol>
    </>
  );
}
