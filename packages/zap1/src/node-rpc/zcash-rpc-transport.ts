/**
 * One JSON-RPC 1.0 call to zcashd / Zallet over HTTP with basic auth, and how each way it can go
 * wrong is classed: `RpcUnavailableError` when no usable answer came (refused, timeout, bad HTTP,
 * a body that is not a JSON-RPC reply or is larger than the client reads), `RpcError` when the node
 * answered `{code, message}`. The answer is read as a stream and never buffered past its limit.
 * `ZcashRpcClient` (zcash-rpc.ts) adds retries and typed methods on top.
 */
import {
  RpcError,
  RpcUnavailableError,
  rpcEnvelopeSchema,
  type UnavailableReason,
} from './zcash-rpc-protocol.js';

/**
 * The largest answer read by default: the biggest the service asks for is `getblock … 2` of a full
 * 2 MB block, each transaction described field by field with its bytes in hex, some 10 MB of JSON.
 */
export const MAX_RPC_ANSWER_BYTES = 32 * 1024 * 1024;

/** Where and how to call: the URL, the `Authorization` header, the time allowed per attempt, the largest answer read. */
export interface RpcEndpoint {
  url: string;
  authHeader: string;
  timeoutMs: number;
  maxAnswerBytes: number;
}

function tooLarge(method: string, limit: number, status: number): RpcUnavailableError {
  return new RpcUnavailableError(
    `${method}: the node's answer is larger than ${limit} bytes, the most this client reads`,
    'too_large',
    method,
    status,
  );
}

/**
 * The answer's body as text, read chunk by chunk and cut off past `limit` bytes (the connection is
 * dropped then), so a node that answers without end costs at most `limit` bytes of memory.
 */
async function readBounded(response: Response, limit: number, method: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(method, limit, response.status);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(method, limit, response.status);
    }
    chunks.push(value);
  }
  // Decoded once whole, so a character split across chunks stays whole.
  return Buffer.concat(chunks, size).toString('utf8');
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
      // A request carrying credentials is never re-sent to wherever a redirect points.
      redirect: 'manual',
    });
    status = response.status;
    text = await readBounded(response, endpoint.maxAnswerBytes, method);
  } catch (err) {
    if (err instanceof RpcUnavailableError) {
      // Cut off: the connection goes too, rather than the rest of the answer being drained.
      controller.abort();
      throw err;
    }
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

  if (status >= 300 && status < 400) {
    throw new RpcUnavailableError(
      `${method}: the node answered with a redirect (HTTP ${status}), which is not followed: the request carries its credentials`,
      'http',
      method,
      status,
    );
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
