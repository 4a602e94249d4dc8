import { Link } from 'react-router';
import { PATHS, walletPath } from '../../app/paths';
import { useBaseUrl } from '../../api/settings';
import { RelativeTime } from '../../components/relative-time';
import { Section } from '../../components/ui/section';
import { visibleText } from 'zap1';
import { useSavedSubmissions } from '../anchor/submissions-store';
import { ownPseudonyms } from './own-pseudonyms';

/**
 * The pseudonyms this browser submitted under on this service, as links to their timelines (what
 * the wallet page offers instead of an empty box). `except` leaves out the wallet already shown.
 */
export function OwnPseudonymList({ except }: { except?: string }) {
  const baseUrl = useBaseUrl();
  const own = ownPseudonyms(useSavedSubmissions(), baseUrl).filter((p) => p.wallet !== except);
  if (own.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="own-pseudonyms-none">
        {except === undefined
          ? 'This browser has submitted nothing to this service yet: the pseudonyms you anchor under on the '
          : 'This browser has submitted under no other pseudonym on this service: the pseudonyms you anchor under on the '}
        <Link className="underline" to={PATHS.anchor}>
          Anchor page
        </Link>{' '}
        appear here.
      </p>
    );
  }
  return (
    <Section title="Your pseudonyms in this browser" className="space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The pseudonyms this browser submitted under on this service, from the submissions the Anchor page
        keeps here.
      </p>
      <ul className="space-y-1" data-testid="own-pseudonyms">
        {own.map((pseudonym) => (
          <li key={pseudonym.wallet} className="[overflow-wrap:anywhere]">
            {/* Kept in this browser's storage, which anything on the page could have written: shown, never obeyed. */}
            <Link
              className="font-mono text-amber-800 underline dark:text-amber-300"
              to={walletPath(pseudonym.wallet)}
            >
              {visibleText(pseudonym.wallet)}
            </Link>{' '}
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {pseudonym.submissions} {pseudonym.submissions === 1 ? 'submission' : 'submissions'}, latest{' '}
              <RelativeTime value={pseudonym.latestAt} />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
