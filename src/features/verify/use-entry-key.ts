import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** React Router's key for an entry whose history state holds none (one opened by a full page load). */
const UNKEYED = 'default';

/**
 * The key of this history entry, under which the page keeps what it was given (verify-draft.ts).
 * An entry opened by a full page load has no key of its own: every such entry is "default", so a
 * bookmark opened later would take up an older check. It is given one by replacing the entry with
 * itself (same address, a key in its history state, kept across Back and reloads); null until then.
 */
export function useEntryKey(): string | null {
  const { pathname, search, hash, state, key } = useLocation();
  const navigate = useNavigate();
  const unkeyed = key === UNKEYED;
  useEffect(() => {
    if (unkeyed) void navigate({ pathname, search, hash }, { replace: true, state });
  }, [unkeyed, navigate, pathname, search, hash, state]);
  return unkeyed ? null : key;
}
