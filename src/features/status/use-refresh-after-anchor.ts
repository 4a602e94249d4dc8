import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { anchorKeys } from '../../api/anchor';
import { healthKeys } from '../../api/health';
import { lifecycleKeys } from '../../api/lifecycle';
import { statsKeys } from '../../api/stats';
import { verifyKeys } from '../../api/verify';

/**
 * When the status names a new latest anchor, everything cached that depends on anchors (the
 * history, the totals, leaf checks and proofs, wallet timelines, the wallet's balance) is refetched,
 * so no part of the app keeps showing "pending" for a leaf that is now anchored.
 */
export function useRefreshAfterAnchor(baseUrl: string, latestAnchorRoot: string | null | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(latestAnchorRoot);
  useEffect(() => {
    if (latestAnchorRoot === undefined || latestAnchorRoot === seen.current) return;
    const first = seen.current === undefined;
    seen.current = latestAnchorRoot;
    // The first answer is not a change: what was cached came from the same state.
    if (first) return;
    for (const queryKey of [
      [...anchorKeys.all(baseUrl), 'history'],
      [...anchorKeys.all(baseUrl), 'history-pages'],
      statsKeys.all(baseUrl),
      healthKeys.all(baseUrl),
      verifyKeys.all(baseUrl),
      lifecycleKeys.all(baseUrl),
    ])
      void queryClient.invalidateQueries({ queryKey });
  }, [baseUrl, latestAnchorRoot, queryClient]);
}
