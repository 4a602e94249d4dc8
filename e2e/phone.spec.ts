// Every page at a phone's width (390 × 844): nothing scrolls sideways, no table is wider than the
// screen or hides a cell off it, and no visible text is drawn smaller than 11 px (chart labels
// included, after the SVG's scaling). The data is created through the API first, with long values
// (a 300-character serial number) that would push a page wide if they did not wrap.
import type { APIRequestContext, Page } from '@playwright/test';
import { PATHS } from '../src/app/paths';
import { test, expect, postEvent, trialKey, uniqueWallet } from './fixtures';

const WIDTH = 390;
const MIN_FONT_PX = 11;

test.use({ viewport: { width: WIDTH, height: 844 } });

interface Data {
  wallet: string;
  leaf: string;
  serial: string;
  txid: string;
  root: string;
}

async function anchoredLeaf(
  request: APIRequestContext,
  leaf: string,
): Promise<{ txid: string; root: string }> {
  let found: { txid: string; root: string } | null = null;
  await expect
    .poll(
      async () => {
        const check: unknown = await (await request.get(`/verify/${leaf}/check`)).json();
        if (typeof check !== 'object' || check === null || !('anchor' in check) || !('root' in check))
          return false;
        const { anchor, root } = check;
        if (typeof anchor !== 'object' || anchor === null || !('txid' in anchor)) return false;
        if (typeof anchor.txid !== 'string' || typeof root !== 'string') return false;
        found = { txid: anchor.txid, root };
        return true;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  if (!found) throw new Error('the leaf was not anchored');
  return found;
}

/** A wallet with a 300-character serial number, a governance proposal and a transfer, all anchored. */
async function createData(request: APIRequestContext): Promise<Data> {
  const key = await trialKey(request);
  const wallet = uniqueWallet('phone');
  const serial = `SN-${Date.now()}-${'0123456789'.repeat(29)}`;
  const leaf = await postEvent(request, key, {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: wallet,
    serial_number: serial,
    contract_sha256: 'ab'.repeat(32),
  });
  await postEvent(request, key, {
    event_type: 'GOVERNANCE_PROPOSAL',
    wallet_hash: wallet,
    proposal_id: `proposal-${'p'.repeat(120)}`,
    proposal_hash: 'cd'.repeat(32),
  });
  const last = await postEvent(request, key, {
    event_type: 'TRANSFER',
    wallet_hash: wallet,
    new_wallet_hash: uniqueWallet('phone_new'),
    serial_number: serial,
  });
  // Once the last is anchored, so are the others (a root covers every earlier leaf): no anchor of
  // these events can land while a page is being measured.
  await anchoredLeaf(request, last);
  return { wallet, leaf, serial, ...(await anchoredLeaf(request, leaf)) };
}

/** Each page of the app (every entry of PATHS) at an address that shows it with data, and what says it is ready. */
function pagesToVisit(
  data: Data,
): Record<keyof typeof PATHS, { url: string; ready: (page: Page) => Promise<void> }> {
  const heading = async (page: Page) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };
  return {
    home: { url: PATHS.home, ready: heading },
    search: {
      url: `${PATHS.search}?q=${data.wallet}`,
      ready: async (page) => {
        await expect(page.getByTestId('timeline')).toBeVisible();
      },
    },
    anchor: { url: PATHS.anchor, ready: heading },
    verify: {
      url: `${PATHS.verify}?leaf=${data.leaf}`,
      ready: async (page) => {
        await expect(page.getByTestId('anchor-txid')).toHaveText(data.txid);
      },
    },
    leaf: {
      url: `${PATHS.leaf}/${data.leaf}`,
      ready: async (page) => {
        await expect(page.getByTestId('leaf-state')).toHaveText('Anchored');
      },
    },
    history: {
      url: PATHS.history,
      ready: async (page) => {
        await expect(page.locator(`tr[data-txid="${data.txid}"]`)).toBeVisible();
      },
    },
    root: {
      url: `${PATHS.root}/${data.root}`,
      ready: async (page) => {
        await expect(
          page.getByTestId('root-leaves').locator(`a[href="/app/leaf/${data.leaf}"]`),
        ).toBeVisible();
      },
    },
    events: {
      url: PATHS.events,
      ready: async (page) => {
        await expect(page.getByTestId('events-table').locator('tbody tr').first()).toBeVisible();
      },
    },
    wallet: {
      url: `${PATHS.wallet}/${data.wallet}`,
      ready: async (page) => {
        await expect(page.getByTestId('timeline').locator('li')).toHaveCount(3);
      },
    },
    stats: {
      url: PATHS.stats,
      ready: async (page) => {
        await expect(page.getByTestId('over-time-axis')).toBeVisible();
        // The charts' tables too, which start folded.
        for (const summary of await page.locator('summary').all()) await summary.click();
        await expect(page.getByTestId('over-time-table')).toBeVisible();
      },
    },
    memo: {
      url: PATHS.memo,
      ready: async (page) => {
        // A ZIP 302 memo, whose parts are a table: one text part of 60 bytes, one empty part.
        const longPart = `a0013c${'61'.repeat(60)}`;
        await page.getByRole('radio', { name: 'Hex' }).check();
        await page.getByLabel(/^Memo bytes as hex/).fill(`f7${longPart}05020000`);
        await expect(page.getByRole('table', { name: 'ZIP 302 parts' })).toBeVisible();
      },
    },
    status: {
      url: PATHS.status,
      ready: async (page) => {
        await expect(page.getByTestId('current-root')).toBeVisible();
        await expect(page.getByTestId('chain-tip')).toBeVisible();
      },
    },
    keys: {
      url: PATHS.keys,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Get a trial key' }).click();
        await expect(page.getByTestId('issued-key')).toBeVisible();
      },
    },
    settings: { url: PATHS.settings, ready: heading },
  };
}

/** What at this width breaks the layout: sideways scroll, tables or cells off-screen, text under 11 px. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ width, minFont }) => {
      const problems: string[] = [];
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide`);
      // Drawn: not hidden, and not inside a box clipped to a pixel (screen-reader-only text, a table's
      // header row kept for screen readers while its rows are cards).
      const visible = (el: Element) => {
        if (!el.checkVisibility({ visibilityProperty: true })) return false;
        for (let box: Element | null = el; box; box = box.parentElement) {
          if (getComputedStyle(box).display === 'contents') continue;
          const rect = box.getBoundingClientRect();
          if (rect.width <= 1 || rect.height <= 1) return false;
        }
        return true;
      };
      for (const table of document.querySelectorAll('table')) {
        if (!visible(table)) continue;
        const rect = table.getBoundingClientRect();
        if (rect.left < 0 || rect.right > width + 0.5)
          problems.push(`table ${table.dataset.testid ?? ''} spans ${rect.left}–${rect.right} px`);
        for (const cell of table.querySelectorAll('td, th')) {
          if (!visible(cell)) continue;
          const r = cell.getBoundingClientRect();
          if (r.right > width + 0.5 || cell.scrollWidth > cell.clientWidth + 1)
            problems.push(
              `a cell of ${table.dataset.testid ?? 'a table'} is clipped: "${cell.textContent?.slice(0, 40)}"`,
            );
        }
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (text === '' || !el || !visible(el)) continue;
        let size = Number.parseFloat(getComputedStyle(el).fontSize);
        if (el instanceof SVGElement && el.ownerSVGElement) {
          // SVG text is drawn at its font size times the drawing's scale.
          const svg = el.ownerSVGElement;
          const viewBox = svg.viewBox.baseVal;
          if (viewBox.width > 0) size *= svg.getBoundingClientRect().width / viewBox.width;
        }
        if (size < minFont - 0.05) problems.push(`text at ${size.toFixed(1)} px: "${text.slice(0, 40)}"`);
      }
      return problems;
    },
    { width: WIDTH, minFont: MIN_FONT_PX },
  );
}

test('every page fits a 390 px phone: no sideways scroll, no clipped table, no text under 11 px', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const data = await createData(request);
  const found: Record<string, string[]> = {};
  for (const [name, { url, ready }] of Object.entries(pagesToVisit(data))) {
    await page.goto(`/app${url === '/' ? '/' : url}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const problems = await layoutProblems(page);
    if (problems.length > 0) found[name] = problems;
  }
  expect(found).toEqual({});
});

test('the header menu opened on a phone still fits the screen', async ({ page }) => {
  await page.goto('/app/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Operator' }).click();
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Explore' }).click();
  await expect(page.getByRole('link', { name: 'Memo', exact: true })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
});

test('the anchors chart has a point per anchor, each named, with its tooltip on hover and on focus', async ({
  page,
  request,
}) => {
  const data = await createData(request);
  const history: unknown = await (await request.get('/anchor/history')).json();
  if (
    typeof history !== 'object' ||
    history === null ||
    !('anchors' in history) ||
    !Array.isArray(history.anchors)
  )
    throw new Error('/anchor/history answered without anchors');
  const anchors = history.anchors.length;

  await page.goto('/app/stats');
  const points = page.getByTestId('chart-point');
  await expect(points).toHaveCount(anchors);
  // Each point says when and how many leaves; it links to its root's page.
  const newest = points.last();
  // Its time as every page writes one ("Mar 4, 2026, 01:41:07 UTC"), never as ISO text.
  await expect(newest).toHaveAccessibleName(
    /^\w{3} \d{1,2}, \d{4}, \d\d:\d\d:\d\d UTC: [\d,]+ (leaf|leaves) anchored$/,
  );
  const tooltip = page.getByTestId('chart-tooltip');
  await expect(tooltip).toHaveCount(0);
  await newest.hover();
  await expect(tooltip).toContainText(/\d+ (leaf|leaves) anchored/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await newest.focus();
  await expect(tooltip).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  // The point of the anchor that covers the test's leaf leads to that root's page.
  await page.locator(`[data-testid="chart-point"][href="/app/root/${data.root}"]`).click();
  await expect(page.getByRole('heading', { name: 'Anchored root' })).toBeVisible();
});
