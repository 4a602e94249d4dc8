import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../app/paths';

const LOOKS = {
  /** The header's one-line box: label for screen readers only, emptied after each search. */
  compact: {
    name: 'Quick search',
    label: 'Leaf hash, transaction id or wallet',
    labelClass: 'sr-only',
    formClass: 'flex w-full min-w-0 gap-1 sm:w-auto',
    inputClass:
      'min-w-0 flex-1 rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm sm:w-56 dark:border-slate-600 dark:bg-slate-900',
    buttonClass:
      'rounded border border-slate-500 px-2 py-1 text-sm hover:bg-slate-200 dark:hover:bg-slate-800',
    button: 'Go',
  },
  /** The home and search pages' box, with a visible label; keeps what was searched. */
  full: {
    name: 'Search the service',
    label: 'Search by leaf hash, transaction id or wallet pseudonym',
    labelClass: 'w-full font-medium',
    formClass: 'flex flex-wrap gap-2',
    inputClass:
      'min-w-0 flex-1 rounded border border-slate-400 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900',
    buttonClass: 'rounded bg-amber-700 px-4 py-2 font-medium text-white disabled:opacity-50',
    button: 'Search',
  },
} as const;

/** One box for a leaf hash, a txid or a wallet; submitting goes to /search?q=…, which runs the search. */
export function SearchForm({ look, initialQuery = '' }: { look: keyof typeof LOOKS; initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const navigate = useNavigate();
  const id = useId();
  const style = LOOKS[look];
  return (
    <form
      role="search"
      aria-label={style.name}
      className={style.formClass}
      onSubmit={(event) => {
        event.preventDefault();
        const q = query.trim();
        if (q === '') return;
        if (look === 'compact') setQuery('');
        void navigate(searchPath(q));
      }}
    >
      <label htmlFor={id} className={style.labelClass}>
        {style.label}
      </label>
      <input
        id={id}
        type="search"
        value={query}
        spellCheck={false}
        autoComplete="off"
        placeholder={look === 'compact' ? 'Leaf, txid or wallet' : undefined}
        onChange={(event) => setQuery(event.target.value)}
        className={style.inputClass}
      />
      <button type="submit" className={style.buttonClass}>
        {style.button}
      </button>
    </form>
  );
}
