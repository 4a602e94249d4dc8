import { useQuery } from '@tanstack/react-query';
import { keyInfoQueryOptions, type KeyInfo } from '../../api/keys';
import { useApiKey, useBaseUrl } from '../../api/settings';

export interface OperatorKeyState {
  /** The key this browser keeps for the service, if any. */
  apiKey: string | null;
  /** What the service says of that key; undefined until it answered (or without a key). */
  keyInfo: KeyInfo | undefined;
  /** Whether the kept key is the operator's (false until the service said so). */
  isOperator: boolean;
}

/** The key kept for the configured service and whether it is the operator's: what operator-only views need. */
export function useOperatorKey(): OperatorKeyState {
  const baseUrl = useBaseUrl();
  const apiKey = useApiKey();
  const keyInfo = useQuery({ ...keyInfoQueryOptions(baseUrl, apiKey ?? ''), enabled: apiKey !== null });
  const info = apiKey !== null ? keyInfo.data : undefined;
  return { apiKey, keyInfo: info, isOperator: info?.tier === 'operator' };
}
