import { Link } from 'react-router';

/** Sends each kind of user to their task. */
export function HomePage() {
  return (
    <section aria-labelledby="home-title" className="space-y-4">
      <h1 id="home-title" className="text-3xl font-bold">
        Anchor evidence that a document existed
      </h1>
      <p className="max-w-2xl">
        A contract's SHA-256 becomes a leaf of a Merkle tree whose root is written into a Zcash shielded
        transaction's memo. Anyone can later prove the leaf is in an anchored root, in their own browser.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <Link className="block rounded border p-4 hover:bg-slate-50 dark:hover:bg-slate-900" to="/anchor">
            Anchor a contract
          </Link>
        </li>
        <li>
          <Link className="block rounded border p-4 hover:bg-slate-50 dark:hover:bg-slate-900" to="/verify">
            Verify a leaf or a proof
          </Link>
        </li>
      </ul>
    </section>
  );
}
