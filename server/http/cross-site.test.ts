import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './cross-site.js';

const own = ['https://zap1.example'];
const check = (secFetchSite: string | undefined, origin: string | undefined, corsOrigins: string[] = []) =>
  isCrossSiteRequest({ secFetchSite, origin, ownOrigins: own, corsOrigins });

describe('cross-site browser requests', () => {
  it('are those Sec-Fetch-Site says came from another site, unless the Origin is allowed', () => {
    expect(check('cross-site', undefined)).toBe(true);
    expect(check('cross-site', 'https://evil.example')).toBe(true);
    expect(check('same-site', 'https://user.zap1.example')).toBe(true);
    expect(check('cross-site', 'https://app.example', ['https://app.example'])).toBe(false);
    expect(check('same-site', 'https://user.zap1.example', ['https://user.zap1.example'])).toBe(false);
    expect(check('cross-site', 'https://anything.example', ['*'])).toBe(false);
  });

  it('are not a page on this site or the user acting, whatever the Origin', () => {
    expect(check('same-origin', 'https://zap1.example')).toBe(false);
    expect(check('same-origin', undefined)).toBe(false);
    expect(check('none', undefined)).toBe(false);
    // TLS ended before the service, so its own origin is not known: Sec-Fetch-Site decides.
    expect(check('same-origin', 'http://zap1.example')).toBe(false);
  });

  it('without Sec-Fetch-Site, are those whose Origin is neither this site nor allowed', () => {
    expect(check(undefined, 'https://zap1.example')).toBe(false);
    expect(check(undefined, 'https://app.example', ['https://app.example'])).toBe(false);
    expect(check(undefined, 'https://evil.example')).toBe(true);
    expect(check(undefined, 'null')).toBe(true);
    expect(check(undefined, 'null', ['https://app.example'])).toBe(true);
  });

  it('are never requests with neither header (curl, scripts, ZAP1 clients)', () => {
    expect(check(undefined, undefined)).toBe(false);
  });

  it('include a repeated header, which no browser sends', () => {
    expect(
      isCrossSiteRequest({
        secFetchSite: ['same-origin', 'same-origin'],
        origin: undefined,
        ownOrigins: own,
        corsOrigins: [],
      }),
    ).toBe(true);
  });
});
