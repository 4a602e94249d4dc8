import { describe, expect, it } from 'vitest';
import { contractEvent, genuineBundle, testReceipt } from 'zap1/testing';
import { claimLeaf, parseServiceParam, readClaimText, serviceToAsk, verdictLook, verifyLink } from './claim';

const { leafHex } = contractEvent(1);
const receipt = testReceipt(contractEvent(1), {
  serviceUrl: 'https://a.example/',
  network: null,
  now: new Date(0),
});

describe('reading what a person holds', () => {
  it('tells a receipt from a bundle, and says why other JSON is neither', () => {
    const asReceipt = readClaimText(JSON.stringify(receipt), 'r');
    expect(asReceipt.ok && asReceipt.claim.kind).toBe('receipt');
    const asBundle = readClaimText(JSON.stringify(genuineBundle(1, 3)), 'b');
    expect(asBundle.ok && asBundle.claim.kind).toBe('bundle');
    expect(asBundle.ok && claimLeaf(asBundle.claim)).toBe(leafHex);
    expect(readClaimText('[1]', 'x')).toMatchObject({ ok: false, message: expect.stringMatching(/neither/) });
    expect(readClaimText(JSON.stringify({ ...receipt, leaf_hash: 'zz' }), 'x')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This receipt cannot be read: the receipt has no leaf hash/),
    });
  });
});

describe('which service is asked, and the shared link', () => {
  it("names the receipt's service, else the link's, as not the person's; the app's own is theirs", () => {
    const held = { kind: 'receipt' as const, receipt, label: 'r' };
    expect(serviceToAsk(held, 'https://b.example', 'https://c.example')).toEqual({
      kind: 'named',
      url: 'https://a.example',
      by: 'receipt',
    });
    const bundle = { kind: 'bundle' as const, bundle: {}, label: 'b' };
    expect(serviceToAsk(bundle, 'https://b.example', 'https://c.example')).toEqual({
      kind: 'named',
      url: 'https://b.example',
      by: 'link',
    });
    expect(serviceToAsk(null, null, 'https://c.example')).toEqual({
      kind: 'chosen',
      url: 'https://c.example',
    });
    // A receipt or link naming the service the person uses is theirs, however the address is written.
    expect(serviceToAsk(held, null, 'https://A.example/')).toEqual({
      kind: 'chosen',
      url: 'https://A.example/',
    });
    expect(serviceToAsk(bundle, 'https://c.example/', 'https://c.example')).toEqual({
      kind: 'chosen',
      url: 'https://c.example',
    });
  });

  it('asks no service, never another in its place, for a receipt naming one that is not http(s)', () => {
    const hostile = { ...receipt, service: { url: 'javascript:alert(1)', network: null } };
    const held = { kind: 'receipt' as const, receipt: hostile, label: 'r' };
    expect(serviceToAsk(held, 'https://b.example', 'https://c.example')).toEqual({
      kind: 'none',
      problem:
        'the receipt names no usable service: its service URL "javascript:alert(1)" is not an http(s) address',
    });
  });

  it('reads ?service= only as an http(s) address', () => {
    expect(parseServiceParam('https://b.example/zap1/')).toEqual({
      url: 'https://b.example/zap1',
      problem: null,
    });
    expect(parseServiceParam(null)).toEqual({ url: null, problem: null });
    expect(parseServiceParam('javascript:alert(1)').problem).toMatch(/not an http\(s\) address/);
  });

  it("names the service in the link only when it is not the app's own", () => {
    expect(verifyLink('https://app.example', leafHex, 'https://app.example')).toBe(
      `https://app.example/app/verify?leaf=${leafHex}`,
    );
    expect(verifyLink('https://app.example', leafHex, 'https://b.example')).toBe(
      `https://app.example/app/verify?leaf=${leafHex}&service=https%3A%2F%2Fb.example`,
    );
  });

  it('keeps green for anchored alone', () => {
    expect(verdictLook('anchored', 's').tone).toBe('good');
    expect(verdictLook('pending', 's').tone).toBe('wait');
    expect(verdictLook('unconfirmed', 's').tone).toBe('wait');
    expect(verdictLook('invalid', 's').tone).toBe('bad');
  });

  it('says a pending receipt with no proof has none to check, not that its proof holds', () => {
    const withProof = verdictLook('pending', 'https://s.example').next;
    expect(withProof).toMatch(/^The proof holds/);
    const withoutProof = verdictLook('pending', 'https://s.example', 'none', false).next;
    expect(withoutProof).toMatch(/^There is no proof to check yet/);
    expect(withoutProof).toContain('https://s.example gave none');
    expect(withoutProof).not.toMatch(/proof holds/);
  });

  it('never says to check again later when there is no service to ask', () => {
    for (const verdict of ['pending', 'unconfirmed'] as const) {
      expect(verdictLook(verdict, 'https://s.example').next).toMatch(/again/);
      const none = verdictLook(verdict, null).next;
      expect(none).toContain('the receipt names no service');
      expect(none).not.toMatch(/again|later/);
    }
  });
});
