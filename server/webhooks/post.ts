/**
 * One webhook POST over node:http(s), bounded whatever the receiver does: the whole exchange ends
 * within `timeoutMs`, at most `maxResponseBytes` of the answer are read (the status decides, the
 * body is only drained so a short answer completes normally), and then the connection is dropped.
 * Redirects are not followed. `lookup` resolves the host name for the connection, so the address
 * actually connected to can be refused (receiver-address.ts `guardLookup`).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
  lookup: LookupFunction;
}

/** Resolves with the answer's status code; rejects if no status arrived (refused, failed, timed out). */
export function postWebhook(url: URL, options: PostOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    let status: number | null = null;
    let settled = false;
    const body = Buffer.from(options.body, 'utf8');
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': String(body.length) },
      // A connection of its own, never reused: it is closed as soon as the answer is decided.
      agent: false,
      lookup: options.lookup,
    });
    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      if (status !== null) resolve(status);
      else reject(error ?? new Error('the connection closed without an answer'));
    };
    const timer = setTimeout(
      () => finish(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', finish);
    request.on('close', () => finish(null));
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= options.maxResponseBytes) finish(null);
      });
      response.on('end', () => finish(null));
      response.on('error', () => finish(null));
    });
    request.end(body);
  });
}
