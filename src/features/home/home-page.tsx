import { Link } from 'react-router';
import { SearchForm } from './search-form';
import { Page } from '../../components/ui/page';
import { PATHS } from '../../app/paths';

const TASKS: { to: string; title: string; who: string; text: string }[] = [
  {
    to: '/anchor',
    title: 'Anchor a contract',
    who: 'For parties to a contract',
    text: 'Hash a file in your browser and record it as a leaf; its root is then written to the chain.',
  },
  {
    to: '/verify',
    title: 'Verify a receipt',
    who: 'For anyone handed a receipt, and auditors',
    text: 'Drop a receipt (and its document, if you have it): it is checked in your own browser against the anchored root.',
  },
  {
    to: '/history',
    title: 'Explore what was anchored',
    who: 'For anyone',
    text: 'Anchored roots, recent events, statistics, wallet timelines and memo decoding.',
  },
  {
    to: '/status',
    title: 'Operate the service',
    who: 'For operators',
    text: 'The anchor in flight, chain tip and sync lag; anchor now with an operator key.',
  },
];

/** Sends each kind of user to their task, with one search box for everything. */
export function HomePage() {
  return (
    <Page
      title="Home"
      heading="Anchor evidence that a document existed"
      className="space-y-6"
      headingClassName="text-3xl font-bold"
    >
      <p className="max-w-2xl">
        A contract's SHA-256 becomes a leaf of a Merkle tree whose root is written into a Zcash shielded
        transaction's memo. Anyone can later prove the leaf is in an anchored root, in their own browser.
      </p>
      <SearchForm look="full" />
      <h2 className="text-xl font-semibold">What do you want to do?</h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {TASKS.map((task) => (
          <li key={task.to}>
            <Link
              className="block h-full rounded border border-slate-300 p-4 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
              to={task.to}
            >
              <span className="block text-lg font-semibold text-amber-800 dark:text-amber-300">
                {task.title}
              </span>
              <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">{task.who}</span>
              <span className="mt-1 block">{task.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Also:{' '}
        <Link className="underline" to={PATHS.leaf}>
          check whether a leaf is anchored
        </Link>
        ,{' '}
        <Link className="underline" to={PATHS.events}>
          recent events
        </Link>
        ,{' '}
        <Link className="underline" to={PATHS.stats}>
          statistics
        </Link>
        ,{' '}
        <Link className="underline" to={PATHS.wallet}>
          a wallet's timeline
        </Link>
        ,{' '}
        <Link className="underline" to={PATHS.memo}>
          decode a memo
        </Link>
        .
      </p>
    </Page>
  );
}
