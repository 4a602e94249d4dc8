/**
 * A ZAP1 service as a verifier asks it (the web app's Verify page and the command-line verifier
 * alike): plain HTTP GETs of the public routes, any failure to get an answer turned into
 * `ServiceUnavailableError` (so the verdict says "could not ask" rather than crashing), and
 * nothing sent that names the person asking (no key, no cookies).
 */
import {
  ServiceUnavailableError,
  nextBeforeFromLink,
  parseHistoryBody,
  type ServiceReader,
} from '../core/index.js';

export function httpServiceReader(baseUrl: string, timeoutMs = 15_000): ServiceReader {
  const base = baseUrl.replace(/\/+$/, '');

  async function get(path: string): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        headers: { accept: 'application/json' },
        credentials: 'omit',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'it timed out' : 'it could not be reached';
      throw new ServiceUnavailableError(`${base} did not answer (${reason})`);
    }
  }

  async function json(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new ServiceUnavailableError(`${base} answered ${what} with something that is not JSON`);
    }
  }

  function unexpected(response: Response, what: string): ServiceUnavailableError {
    return new ServiceUnavailableError(`${base} answered ${what} with HTTP ${response.status}`);
  }

  return {
    url: base,
    async network() {
      const response = await get('/protocol/info');
      if (response.status === 404) return null;
      if (!response.ok) throw unexpected(response, '/protocol/info');
      const body = await json(response, '/protocol/info');
      const network = typeof body === 'object' && body !== null && 'network' in body ? body.network : null;
      return typeof network === 'string' ? network : null;
    },
    async leafKnown(leafHex) {
      const response = await get(`/verify/${leafHex}/check`);
      if (response.status === 404) return false;
      if (!response.ok) throw unexpected(response, 'the leaf check');
      return true;
    },
    async proof(leafHex) {
      const response = await get(`/verify/${leafHex}/proof.json`);
      if (response.status === 404) return null;
      if (!response.ok) throw unexpected(response, 'the proof request');
      return json(response, 'the proof request');
    },
    async historyPage(before) {
      const response = await get(before === null ? '/anchor/history' : `/anchor/history?before=${before}`);
      if (!response.ok) throw unexpected(response, '/anchor/history');
      let anchors;
      try {
        anchors = parseHistoryBody(await json(response, '/anchor/history'));
      } catch (error) {
        if (error instanceof ServiceUnavailableError) throw error;
        throw new ServiceUnavailableError(
          `${base} answered /anchor/history with something that is not a history`,
        );
      }
      // Newest first, whatever order the service lists them in (the reference lists oldest first).
      anchors.sort((a, b) => b.height - a.height);
      return { anchors, nextBefore: nextBeforeFromLink(response.headers.get('link')) };
    },
    async evidence(txid) {
      // A deployment without the extension answers 404 (or 400 for a route it does not have): no evidence.
      const response = await get(`/anchor/evidence/${txid}`);
      if (response.status === 404 || response.status === 400 || response.status === 405) return null;
      if (!response.ok) throw unexpected(response, 'the evidence request');
      return json(response, 'the evidence request');
    },
  };
}
