/**
 * The development chain's HTTP face: zcashd's JSON-RPC over HTTP on 127.0.0.1, with the same basic
 * auth, status codes and reply shapes as the node (`{result, error, id}`, errors as `{code, message}`),
 * so `ZcashRpcClient` cannot tell it from a real wallet. It dispatches to a table of methods and can
 * be told to play unreachable.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isRecord } from 'zap1';
import { RPC_ERROR_CODES, RpcError } from 'zap1/node-rpc';

const MAX_BODY_BYTES = 1 << 20;

/** A method takes the request's positional params and returns its result or throws an `RpcError`. */
export type RpcMethods = Record<string, (params: unknown[]) => unknown>;

/** Test hook: how requests fail while the node plays unreachable. */
export type UnavailableMode = false | 'error' | 'hang';

export class DevChainRpcServer {
  private readonly server: Server;
  private readonly expectedAuth: Buffer;
  private readonly hung = new Set<ServerResponse>();
  private unavailable: UnavailableMode = false;
  private portValue = 0;

  constructor(
    credentials: { user: string; password: string },
    private readonly methods: RpcMethods,
  ) {
    // Compared as digests so the comparison is constant-time whatever the lengths.
    this.expectedAuth = createHash('sha256')
      .update(`${credentials.user}:${credentials.password}`, 'utf8')
      .digest();
    this.server = createServer((req, res) => this.handle(req, res));
  }

  /** Listens on `host` (loopback unless the chain runs alone for instances on other machines). */
  async listen(port: number, host = '127.0.0.1'): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address: string | AddressInfo | null = this.server.address();
    this.portValue = typeof address === 'object' && address !== null ? address.port : 0;
  }

  get port(): number {
    return this.portValue;
  }

  /** `'error'` answers every request 503, `'hang'` never answers; `false` serves again. */
  setUnavailable(mode: UnavailableMode): void {
    this.unavailable = mode;
    if (!mode) this.releaseHung();
  }

  async close(): Promise<void> {
    this.releaseHung();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private releaseHung(): void {
    for (const res of this.hung) res.destroy();
    this.hung.clear();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    if (this.unavailable === 'hang') {
      this.hung.add(res);
      res.on('close', () => this.hung.delete(res));
      req.resume();
      return;
    }
    if (this.unavailable === 'error') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      req.resume();
      return;
    }
    if (!this.authorized(req.headers.authorization)) {
      // zcashd: 401 with an empty body.
      res.writeHead(401, { 'www-authenticate': 'Basic realm="jsonrpc"' }).end();
      req.resume();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) {
        res.writeHead(413).end();
        return;
      }
      const [status, reply] = this.dispatch(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply) + '\n');
    });
  }

  private authorized(header: string | undefined): boolean {
    if (!header?.startsWith('Basic ')) return false;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const digest = createHash('sha256').update(decoded, 'utf8').digest();
    return timingSafeEqual(digest, this.expectedAuth);
  }

  /** The HTTP status and JSON reply zcashd gives for this request body. */
  private dispatch(body: string): [number, unknown] {
    const failure = (status: number, code: number, message: string, id: unknown): [number, unknown] => [
      status,
      { result: null, error: { code, message }, id },
    ];
    let request: unknown;
    try {
      request = JSON.parse(body);
    } catch {
      return failure(500, RPC_ERROR_CODES.PARSE_ERROR, 'Parse error', null);
    }
    if (!isRecord(request) || typeof request.method !== 'string')
      return failure(400, RPC_ERROR_CODES.INVALID_REQUEST, 'Invalid Request object', null);
    const id = request.id ?? null;
    const params = request.params === undefined || request.params === null ? [] : request.params;
    if (!Array.isArray(params))
      return failure(400, RPC_ERROR_CODES.INVALID_REQUEST, 'Params must be an array', id);
    const method = Object.hasOwn(this.methods, request.method) ? this.methods[request.method] : undefined;
    if (!method) return failure(404, RPC_ERROR_CODES.METHOD_NOT_FOUND, 'Method not found', id);
    try {
      return [200, { result: method(params), error: null, id }];
    } catch (err) {
      if (err instanceof RpcError) return failure(500, err.code, err.message, id);
      const message = err instanceof Error ? err.message : 'internal error';
      return failure(500, RPC_ERROR_CODES.MISC_ERROR, message, id);
    }
  }
}

/** Fails the current RPC call the way zcashd does: HTTP 500 with this code and message. */
export function rpcFail(code: number, message: string): never {
  throw new RpcError(code, message);
}

export function paramString(params: unknown[], i: number, name: string): string {
  const v = params[i];
  if (typeof v !== 'string') rpcFail(RPC_ERROR_CODES.TYPE_ERROR, `Expected string for ${name}`);
  return v;
}

export function paramOptInt(params: unknown[], i: number, name: string, fallback: number): number {
  const v = params[i];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v))
    rpcFail(RPC_ERROR_CODES.TYPE_ERROR, `Expected integer for ${name}`);
  return v;
}
