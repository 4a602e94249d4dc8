import { test as base, expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** The serious and critical accessibility violations (axe) of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

const accessibility = (violations: string[], theme: string) => ({
  pass: violations.length === 0,
  message: () =>
    violations.length === 0
      ? `no serious or critical accessibility violation in the ${theme} theme`
      : `serious or critical accessibility violations in the ${theme} theme:\n${violations.join('\n')}`,
});

/**
 * Playwright's `expect`, and what every spec asks of a page: `toBeAccessible()` (no serious or
 * critical axe violation), `toBeAccessibleInDark()` (the same after the header's theme toggle, which
 * is switched back after), `toHaveNoSidewaysScroll()` (its content no wider than its viewport, beyond
 * `tolerancePx`: 1 px allows subpixel layout; `what` names the page in the failure).
 */
export const expect = baseExpect.extend({
  async toBeAccessible(page: Page) {
    return accessibility(await seriousViolations(page), 'light');
  },
  async toBeAccessibleInDark(page: Page) {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    try {
      await baseExpect(page.locator('html')).toHaveClass(/\bdark\b/);
      return accessibility(await seriousViolations(page), 'dark');
    } finally {
      // Light again whatever happened, so the rest of the test sees the page it expects.
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await baseExpect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    }
  },
  async toHaveNoSidewaysScroll(
    page: Page,
    { what = 'the page', tolerancePx = 1 }: { what?: string; tolerancePx?: number } = {},
  ) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    return {
      pass: overflow <= tolerancePx,
      message: () => `${what} is ${overflow} px wider than its viewport (${tolerancePx} px allowed)`,
    };
  },
});

/** The operator key the e2e service is started with (e2e/start-service.mjs). */
export const OPERATOR_KEY = 'e2e-operator-key-0123456789abcdef';

/** A wallet pseudonym no other spec uses, so specs assert changes, not totals. */
export function uniqueWallet(prefix = 'e2e'): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Keeps `key` in the page's browser for the service it is served from, before any page script runs. */
export async function keepKeyInBrowser(page: Page, key: string): Promise<void> {
  await page.addInitScript((k) => localStorage.setItem('zap1.keys', JSON.stringify({ '': k })), key);
}

/** Gets a fresh trial key through the API. */
export async function trialKey(request: APIRequestContext): Promise<string> {
  const response = await request.post('/trial-key');
  expect(response.status()).toBe(201);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('key' in body) || typeof body.key !== 'string') {
    throw new Error('trial-key answered without a key');
  }
  return body.key;
}

/** POSTs an event with `key` and expects 201; the new leaf hash. */
export async function postEvent(
  request: APIRequestContext,
  key: string,
  data: Record<string, string>,
): Promise<string> {
  const response = await request.post('/event', { headers: { Authorization: `Bearer ${key}` }, data });
  expect(response.status()).toBe(201);
  const body: unknown = await response.json();
  if (
    typeof body !== 'object' ||
    body === null ||
    !('leaf_hash' in body) ||
    typeof body.leaf_hash !== 'string'
  ) {
    throw new Error('POST /event answered without a leaf_hash');
  }
  return body.leaf_hash;
}

/** Waits until the leaf's check names an anchor transaction; returns the txid. */
export async function waitForAnchor(request: APIRequestContext, leaf: string): Promise<string> {
  let txid = '';
  await expect
    .poll(
      async () => {
        const check: unknown = await (await request.get(`/verify/${leaf}/check`)).json();
        if (typeof check === 'object' && check !== null && 'anchor' in check) {
          const { anchor } = check;
          if (
            typeof anchor === 'object' &&
            anchor !== null &&
            'txid' in anchor &&
            typeof anchor.txid === 'string'
          )
            txid = anchor.txid;
        }
        return txid;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('');
  return txid;
}

/** The design review's two sizes: a phone's (390 × 844) and a laptop's (1280 × 800). */
export const REVIEW_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Every test fails if the page broke the Content-Security-Policy: Chromium reports each refused
 * script, style, image or connection on the console ("... violates the following Content Security
 * Policy directive ...").
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
