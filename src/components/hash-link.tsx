import { leafPath, rootPath } from '../app/paths';
import { HashText } from './hash-text';

/**
 * A leaf or root hash linked to its page in this app, with a Copy button: shortened in the middle
 * with the whole hash in its title and accessible name (tables), or written out in full (`full`).
 */
export function HashLink({ to, hash, full = false }: { to: 'leaf' | 'root'; hash: string; full?: boolean }) {
  return (
    <HashText
      value={hash}
      what={to === 'leaf' ? 'leaf hash' : 'root'}
      to={to === 'leaf' ? leafPath(hash) : rootPath(hash)}
      full={full}
    />
  );
}
