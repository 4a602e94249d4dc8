/**
 * A ZAP1 service as a verifier asks it (the web app's Verify page and the command-line verifier
 * alike): plain HTTP GETs of the public routes, any failure to get an answer turned into
 * `ServiceUnavailableError` (so the verdict says "could not ask" rather than crashing), and
 * nothing sent that names the person asking (no key, no cookies). Each answer is read up to its
 * route's limit (bounded-body.ts), and one a redirect took to another origin is not read at all:
 * the verdict then says why the service could not be asked.
 */
import type { ServiceTrust } from '../evidence/block-confirmation.js';
import { nextBeforeFromLink } from '../protocol/link-header.js';
import { parseHistoryBody } from '../verdict/anchor-history.js';
import { ServiceUnavailableError, type ServiceReader } from '../verdict/service-reader.js';
import {
  RefusedAnswerError,
  answerLimit,
  discardBody,
  readBoundedText,
  refuseRedirected,
} from './bounded-body.js';

export interface ServiceReaderOptions {
  /**
   * Who named the service: `chosen` for the person's own (Settings, `--service`), whose history may
   * confirm a block; `receipt` or `link` for one they were handed and agreed to ask, which is quoted only.
   */
  trust: ServiceTrust;
  timeoutMs?: number;
}

export function httpServiceReader(baseUrl: string, options: ServiceReaderOptions): ServiceReader {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** Why a request or its answer failed, as the verdict words it. */
  function failure(error: unknown, path: string): ServiceUnavailableError {
    if (error instanceof RefusedAnswerError) return new ServiceUnavailableError(error.message);
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return new ServiceUnavailableError(
      `${base} did not answer ${path} (${timedOut ? 'it timed out' : 'it could not be reached'})`,
    );
  }

  /** The answer to `path`, once it is known to come from the service's own origin (its body unread). */
  async function get(path: string, signal: AbortSignal): Promise<Response> {
    const url = `${base}${path}`;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        credentials: 'omit',
        redirect: 'follow',
        signal,
      });
      await refuseRedirected(response, { method: 'GET', url, from: base, what: path });
      return response;
    } catch (error) {
      throw failure(error, path);
    }
  }

  /** The body of an answer as JSON, read up to its route's limit. */
  async function json(response: Response, path: string): Promise<unknown> {
    let text: string;
    try {
      text = await readBoundedText(response, { ...answerLimit(path), from: base, what: path });
    } catch (error) {
      throw failure(error, path);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new ServiceUnavailableError(`${base} answered ${path} with something that is not JSON`);
    }
  }

  /**
   * Asks `path` and gives its answer to `use`, with one time budget for the request and its body,
   * and the body let go when `use` leaves it unread (an answer judged by its status alone).
   */
  async function ask<T>(path: string, use: (response: Response) => Promise<T>): Promise<T> {
    const response = await get(path, AbortSignal.timeout(timeoutMs));
    try {
      return await use(response);
    } finally {
      await discardBody(response);
    }
  }

  function unexpected(response: Response, what: string): ServiceUnavailableError {
    return new ServiceUnavailableError(`${base} answered ${what} with HTTP ${response.status}`);
  }

  return {
    url: base,
    trust: options.trust,
    network: () =>
      ask('/protocol/info', async (response) => {
        if (response.status === 404) return null;
        if (!response.ok) throw unexpected(response, '/protocol/info');
        const body = await json(response, '/protocol/info');
        const network = typeof body === 'object' && body !== null && 'network' in body ? body.network : null;
        return typeof network === 'string' ? network : null;
      }),
    leafKnown: (leafHex) =>
      ask(`/verify/${leafHex}/check`, async (response) => {
        if (response.status === 404) return false;
        if (!response.ok) throw unexpected(response, 'the leaf check');
        return true;
      }),
    proof: (leafHex) => {
      const path = `/verify/${leafHex}/proof.json`;
      return ask(path, async (response) => {
        if (response.status === 404) return null;
        if (!response.ok) throw unexpected(response, 'the proof request');
        return json(response, path);
      });
    },
    historyPage: (before) => {
      const path = before === null ? '/anchor/history' : `/anchor/history?before=${before}`;
      return ask(path, async (response) => {
        if (!response.ok) throw unexpected(response, '/anchor/history');
        let anchors;
        try {
          anchors = parseHistoryBody(await json(response, path));
        } catch (error) {
          if (error instanceof ServiceUnavailableError) throw error;
          throw new ServiceUnavailableError(
            `${base} answered /anchor/history with something that is not a history`,
          );
        }
        // Newest first, whatever order the service lists them in (the reference lists oldest first).
        anchors.sort((a, b) => b.height - a.height);
        return { anchors, nextBefore: nextBeforeFromLink(response.headers.get('link')) };
      });
    },
    evidence: (txid) => {
      const path = `/anchor/evidence/${txid}`;
      return ask(path, async (response) => {
        // A deployment without the extension answers 404 (or 400 for a route it does not have): no evidence.
        if (response.status === 404 || response.status === 400 || response.status === 405) return null;
        if (!response.ok) throw unexpected(response, 'the evidence request');
        return json(response, path);
      });
    },
  };
}
