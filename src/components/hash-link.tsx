import { Link } from 'react-router';
import { leafPath, rootPath } from '../app/paths';
import { shortHex } from './time-format';

/**
 * A leaf or root hash linked to its page in this app: shortened with the whole hash in a title
 * (tables), or written out in full and wrapping (`full`).
 */
export function HashLink({ to, hash, full = false }: { to: 'leaf' | 'root'; hash: string; full?: boolean }) {
  const path = to === 'leaf' ? leafPath(hash) : rootPath(hash);
  if (full) {
    return (
      <Link className="font-mono break-all text-amber-800 underline dark:text-amber-300" to={path}>
        {hash}
      </Link>
    );
  }
  return (
    <Link className="font-mono text-amber-800 underline dark:text-amber-300" to={path} title={hash}>
      {shortHex(hash)}
    </Link>
  );
}
