/**
 * The one bounded reader on its own: the limit of each route, a body read to exactly its limit, the
 * stream cancelled (and no more pulled) the moment it passes, a `Content-Length` over the limit
 * refused before a byte is pulled, and which redirects an answer may have come through.
 */
import { describe, expect, it } from 'vitest';
import {
  ANSWER_LIMITS,
  RefusedAnswerError,
  answerLimit,
  readBoundedBody,
  readBoundedText,
  redirectMode,
  refuseRedirected,
  sizeInWords,
} from './bounded-body.js';

/** A streamed answer of `chunks` chunks of `size` bytes, counting what the reader pulled and whether it cancelled. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        seen.pulled++;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 }, // pulled only when read: what was pulled is what the reader asked for
  );
  return { response: new Response(body, { headers }), seen };
}

const read = (maxBytes: number) => ({
  maxBytes,
  why: 'a test says so',
  from: 'https://x.example',
  what: '/t',
});

async function refusal(promise: Promise<unknown>): Promise<RefusedAnswerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusedAnswerError);
  return error as RefusedAnswerError;
}

describe('answerLimit', () => {
  it('gives each route its kind of limit', () => {
    expect(answerLimit('/protocol/info').maxBytes).toBe(64 * 1024);
    expect(answerLimit(`/verify/${'a'.repeat(64)}/proof.json`)).toBe(ANSWER_LIMITS.proof);
    expect(answerLimit(`/verify/${'a'.repeat(64)}/check`)).toBe(ANSWER_LIMITS.proof);
    expect(answerLimit(`/anchor/evidence/${'7'.repeat(64)}`).maxBytes).toBe(8 * 1024 * 1024);
    expect(answerLimit('/anchor/history?before=12&limit=50')).toBe(ANSWER_LIMITS.history);
    expect(answerLimit('/lifecycle/wallet_1/export').maxBytes).toBe(64 * 1024 * 1024);
    expect(answerLimit('/lifecycle/wallet_1?after=3')).toBe(ANSWER_LIMITS.events);
    expect(answerLimit('/events?limit=50').maxBytes).toBe(32 * 1024 * 1024);
    expect(answerLimit('/stats')).toBe(ANSWER_LIMITS.other);
  });

  it('words sizes as people read them', () => {
    expect([64 * 1024, 8 * 1024 * 1024, 1536 * 1024, 100].map(sizeInWords)).toEqual([
      '64 KB',
      '8 MB',
      '1.5 MB',
      '100 bytes',
    ]);
  });
});

describe('readBoundedBody', () => {
  it('reads a body of exactly the limit whole', async () => {
    const { response, seen } = streamed(4, 1000);
    expect((await readBoundedBody(response, read(4000))).byteLength).toBe(4000);
    expect(seen).toEqual({ pulled: 4, cancelled: false });
  });

  it('cancels the stream at the first byte over the limit, pulling nothing more', async () => {
    const { response, seen } = streamed(1000, 1000);
    const error = await refusal(readBoundedBody(response, read(3999)));
    expect(error.code).toBe('answer_too_large');
    expect(error.message).toBe(
      'https://x.example answered /t with more than 3.9 KB; a test says so, so it is not read.',
    );
    expect(seen).toEqual({ pulled: 4, cancelled: true });
  });

  it('refuses a Content-Length over the limit before pulling a byte', async () => {
    const { response, seen } = streamed(1000, 1000, { 'content-length': String(1000 * 1000) });
    const error = await refusal(readBoundedBody(response, read(64 * 1024)));
    expect(error.message).toBe(
      'https://x.example answered /t with 976.6 KB (its Content-Length), more than 64 KB; a test says so, so it is not read.',
    );
    expect(seen).toEqual({ pulled: 0, cancelled: true });
  });

  it('reads an answer without a body as empty, and decodes text as UTF-8', async () => {
    expect((await readBoundedBody(new Response(null, { status: 204 }), read(10))).byteLength).toBe(0);
    expect(await readBoundedText(new Response('{"ok":"é"}'), read(64))).toBe('{"ok":"é"}');
  });

  it('checks a hand-made answer without a stream after reading it', async () => {
    const bare = { headers: new Headers(), status: 200, arrayBuffer: async () => new ArrayBuffer(20) };
    expect((await readBoundedBody(bare as unknown as Response, read(20))).byteLength).toBe(20);
    expect((await refusal(readBoundedBody(bare as unknown as Response, read(19)))).code).toBe(
      'answer_too_large',
    );
  });
});

describe('refuseRedirected', () => {
  const request = (method: string) => ({
    method,
    url: 'https://x.example/t',
    from: 'https://x.example',
    what: '/t',
  });
  /** An answer as fetch gives it: `url` is the final address after any redirect followed. */
  const answer = (status: number, url: string, headers: Record<string, string> = {}) => {
    const response = new Response(null, { status, headers });
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };

  it('follows redirects for reads only', () => {
    expect(['GET', 'HEAD', 'POST', 'DELETE'].map(redirectMode)).toEqual([
      'follow',
      'follow',
      'manual',
      'manual',
    ]);
  });

  it("refuses a write's redirect, naming where it pointed when the answer shows it", async () => {
    const shown = await refusal(
      refuseRedirected(answer(308, 'https://x.example/t', { location: '/elsewhere' }), request('POST')),
    );
    expect(shown).toMatchObject({ code: 'redirect_refused', status: 308 });
    expect(shown.message).toContain('with a redirect (HTTP 308 to https://x.example/elsewhere)');
    // A browser's answer to `redirect: 'manual'`: opaque, status 0, no Location.
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), url: '', body: null };
    const hidden = await refusal(refuseRedirected(opaque as unknown as Response, request('DELETE')));
    expect(hidden.message).toBe(
      "https://x.example answered DELETE /t with a redirect, which is not followed for a write: nothing was sent on. Use the service's own API address.",
    );
  });

  it('refuses a read that ended on another origin, and lets one on the same origin through', async () => {
    const other = await refusal(refuseRedirected(answer(200, 'https://y.example/t'), request('GET')));
    expect(other.message).toBe(
      'https://x.example sent /t on to https://y.example, another origin, so its answer is not read. If that is the service you mean, use its address.',
    );
    // http: to https: is another origin too (a service that moved): the person is told its address.
    await refusal(refuseRedirected(answer(200, 'http://x.example/t'), request('GET')));
    await expect(
      refuseRedirected(answer(200, 'https://x.example/v2/t'), request('GET')),
    ).resolves.toBeUndefined();
    // A hand-made answer (tests' stand-ins for fetch) names no final address: nothing to compare.
    await expect(refuseRedirected(answer(200, ''), request('GET'))).resolves.toBeUndefined();
  });
});
