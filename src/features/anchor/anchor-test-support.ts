/** Test-only: the service the Anchor page's component tests talk to, and the worked example's values. */
import { cleanup, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { isRecord } from 'zap1';
import { fixture } from '../../api/fixtures/fetch-stub';
import { setApiKey } from '../../api/settings';

/** The worked example (docs/protocol.md 2.1): this contract digest and serial give LEAF. */
export const SHA = '0123456789abcdef'.repeat(4);
export const SERIAL = 'Z15P-2026-001';
export const LEAF = 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04';
export const TRIAL = fixture('service-trial-key.json') as { key: string };

/**
 * Each test starts with nothing stored but one kept trial key (`zap1_trial_kept`, so a submit asks for
 * no new one), and leaves no page or stub behind.
 */
export function startEachTestAfresh(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setApiKey('zap1_trial_kept', '');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export interface Seen {
  path: string;
  method: string;
  authorization: string | null;
  body: string | null;
}

/**
 * The service by path: a trial key (or `trialStatus`), the recorded event (`event`, 201 when its
 * status is "created", else 200), `/anchor/status` (`status`: by default an anchor expected in 57
 * minutes), the proof (`proof`: by default one still awaiting its anchor) and the leaf's check
 * (`check`: by default none, 404). Returns the requests seen.
 */
export function fakeService({
  trialStatus = 201,
  event = fixture('reference-event-created.json'),
  status = { ...(fixture('explore-status.json') as object), expected_wait_s: 3420 },
  proof = () => fixture('service-proof-awaiting.json'),
  check = null,
}: {
  trialStatus?: number;
  event?: unknown;
  status?: unknown;
  proof?: () => unknown;
  check?: (() => unknown) | null;
} = {}): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://app.test').pathname;
    const method = init.method ?? 'GET';
    seen.push({
      path,
      method,
      authorization: new Headers(init.headers).get('authorization'),
      body: typeof init.body === 'string' ? init.body : null,
    });
    const json = (body: unknown, code = 200) =>
      new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
    if (path === '/trial-key') {
      return trialStatus === 201
        ? json(TRIAL, 201)
        : json(
            { error: { code: 'rate_limited', message: 'Too many trial keys; try again in 60 s.' } },
            trialStatus,
          );
    }
    if (path === '/event') {
      return json(event, isRecord(event) && event['status'] === 'created' ? 201 : 200);
    }
    if (path === '/anchor/status') return json(status);
    if (path.endsWith('/proof.json')) return json(proof());
    if (path.endsWith('/check') && check) return json(check());
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
  return seen;
}

/** Fills the worked example with a pasted digest (`sha`), and `wallet` under Advanced when given. */
export async function fillExample(
  user: ReturnType<typeof userEvent.setup>,
  sha = SHA,
  wallet?: string,
): Promise<void> {
  await user.click(screen.getByLabelText(/Paste its SHA-256/));
  await user.type(screen.getByLabelText('Contract SHA-256'), sha);
  const serial = screen.getByLabelText(/serial number/i);
  await user.clear(serial);
  await user.type(serial, SERIAL);
  if (wallet !== undefined) {
    const field = screen.getByLabelText('Wallet pseudonym');
    await user.clear(field);
    await user.type(field, wallet);
  }
}
