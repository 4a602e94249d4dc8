/**
 * One JSON-RPC 1.0 call to zcashd / Zallet over HTTP with basic auth, and how each way it can go
 * wrong is classed: `RpcUnavailableError` when no usable answer came (refused, timeout, bad HTTP,
 * a body that is not a JSON-RPC reply), `RpcError` when the node answered `{code, message}`.
 * `ZcashRpcClient` (zcash-rpc.ts) adds retries and typed methods on top.
 */
import {
  RpcError,
  RpcUnavailableError,
  rpcEnvelopeSchema,
  type UnavailableReason,
} from './zcash-rpc-protocol.js';

/** Where and how to call: the URL, the `Authorization` header, the time allowed per attempt. */
export interface RpcEndpoint {
  url: string;
  authHeader: string;
  timeoutMs: number;
}

function describeFetchFailure(err: unknown): { reason: UnavailableReason; detail: string } {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code =
    cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
  if (code === 'ECONNREFUSED') return { reason: 'refused', detail: 'connection refused' };
  const message = cause instanceof Error ? cause.message : String(cause);
  return { reason: 'connection', detail: code ? `${code}: ${message}` : message };
}

/** One call; resolves to the raw `result`. */
export async function postJsonRpc(
  endpoint: RpcEndpoint,
  id: number,
  method: string,
  params: unknown[],
): Promise<unknown> {
  const body = JSON.stringify({ jsonrpc: '1.0', id, method, params });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), endpoint.timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: endpoint.authHeader },
      body,
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    if (controller.signal.aborted) {
      throw new RpcUnavailableError(
        `${method}: no answer within ${endpoint.timeoutMs} ms`,
        'timeout',
        method,
        undefined,
        {
          cause: err,
        },
      );
    }
    const { reason, detail } = describeFetchFailure(err);
    throw new RpcUnavailableError(`${method}: ${detail}`, reason, method, undefined, { cause: err });
  } finally {
    clearTimeout(timer);
  }

  if (status === 401 || status === 403) {
    throw new RpcUnavailableError(
      `${method}: the node refused the RPC credentials (HTTP ${status})`,
      'auth',
      method,
      status,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RpcUnavailableError(
      `${method}: HTTP ${status} with a body that is not JSON`,
      status === 200 ? 'body' : 'http',
      method,
      status,
    );
  }
  const envelope = rpcEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new RpcUnavailableError(
      `${method}: HTTP ${status} with a body that is not a JSON-RPC reply`,
      status === 200 ? 'body' : 'http',
      method,
      status,
    );
  }
  // zcashd answers RPC errors with HTTP 500 (404 for an unknown method, 400 for a bad request)
  // and the error object in the body: that is an answer, not an outage.
  if (envelope.data.error) {
    throw new RpcError(envelope.data.error.code, envelope.data.error.message, method);
  }
  if (status !== 200) {
    throw new RpcUnavailableError(`${method}: HTTP ${status}`, 'http', method, status);
  }
  return envelope.data.result ?? null;
}
