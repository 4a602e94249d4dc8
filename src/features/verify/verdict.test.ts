import { describe, expect, it } from 'vitest';
import { verifyProofBundle } from 'zap1';
import { readZap1Json } from 'zap1/testing';
import {
  claimedScheme,
  eventFieldsTemplate,
  parseBundleText,
  presentVerdict,
  recomputeLeaf,
  viewingKeyAdvice,
} from './verdict';

/** valid_bundle.json in the served 4.1 shape: witness withheld, anchored. */
function servedShape(): unknown {
  const bundle = readZap1Json('valid_bundle.json');
  if (
    typeof bundle !== 'object' ||
    bundle === null ||
    !('leaf' in bundle) ||
    typeof bundle.leaf !== 'object' ||
    bundle.leaf === null
  ) {
    throw new Error('fixture changed');
  }
  const leaf = Object.fromEntries(
    Object.entries(bundle.leaf).filter(([k]) => k !== 'wallet_hash' && k !== 'serial_number'),
  );
  return {
    ...bundle,
    leaf: { ...leaf, preimage_disclosure: 'withheld from the public proof bundle' },
    anchor: { txid: 'ab'.repeat(32), height: 4_000_123 },
  };
}

describe('presentVerdict', () => {
  it('says what a valid fixture bundle proves, with the witness recomputed', () => {
    const view = presentVerdict(verifyProofBundle(readZap1Json('valid_bundle.json')), { source: 'file' });
    expect(view.headline).toBe('Valid proof');
    expect(view.reason).toBeNull();
    expect(view.checked.join(' ')).toMatch(/1 sibling hashes/);
    expect(view.checked.join(' ')).toMatch(/leaf count \(2\)/);
    expect(view.checked.join(' ')).toMatch(/OWNERSHIP_ATTEST is proven/);
    expect(view.trusted.join(' ')).toMatch(/not anchored on chain yet/);
    expect(view.trusted.join(' ')).toMatch(/came from you/);
  });

  it('names the event type and the chain lookup as trusted for a served, anchored bundle', () => {
    const leaf = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';
    const view = presentVerdict(verifyProofBundle(servedShape(), { expectedLeafHex: leaf }), {
      source: 'service',
      expectedLeafHex: leaf,
    });
    expect(view.valid).toBe(true);
    expect(view.checked).toContain('It is the bundle of the leaf you asked for.');
    expect(view.trusted[0]).toMatch(/^The event type \(OWNERSHIP_ATTEST\) is the service's claim/);
    expect(view.trusted[1]).toMatch(/service's lookup of the chain.*own Zcash node.*ZAP1:09:94421ae2/);
    expect(view.trusted).toHaveLength(2);
  });

  it("drops the event type from the trusted list once a receipt's fields proved it, and shows a bundle's type as text", () => {
    const leaf = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';
    const verdict = verifyProofBundle(servedShape(), { expectedLeafHex: leaf });
    const proven = presentVerdict(verdict, { source: 'file', eventProven: true });
    expect(proven.trusted.join(' ')).not.toMatch(/event type/);
    const bidi = presentVerdict({ ...verdict, eventType: 'OWNERSHIP\u202EATTEST' }, { source: 'file' });
    expect(bidi.trusted[0]).toMatch(/^The event type \(OWNERSHIP<U\+202E>ATTEST\) is the service's claim/);
  });

  it('gives the reason of an invalid bundle as a sentence, and claims nothing as checked', () => {
    const bundle = readZap1Json('invalid_bundle.json');
    const view = presentVerdict(verifyProofBundle(bundle), {
      source: 'file',
      claimedScheme: claimedScheme(bundle),
    });
    expect(view.headline).toBe('Invalid proof');
    expect(view.reason).toMatch(
      /^The proof leads to the count-bound root 94421ae2.*not to the bundle root\.$/,
    );
    expect(view.checked).toEqual([]);
  });

  it('explains a bundle that is not a bundle', () => {
    expect(presentVerdict(verifyProofBundle([1, 2]), { source: 'pasted' }).reason).toBe(
      'The proof bundle is not a JSON object.',
    );
  });
});

describe('pasted input', () => {
  it('parses JSON or says where it breaks', () => {
    expect(parseBundleText('{"a":1}')).toEqual({ ok: true, bundle: { a: 1 } });
    expect(parseBundleText('  ')).toEqual({
      ok: false,
      message: 'Paste a receipt or a proof bundle (JSON) first.',
    });
    const bad = parseBundleText('{"a":');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^This is not JSON: /);
  });

  it('reads the claimed scheme of unknown JSON', () => {
    expect(claimedScheme(readZap1Json('valid_bundle.json'))).toBe('ZAP1_COUNT_BOUND_V2');
    expect(claimedScheme({ root: 1 })).toBeNull();
  });
});

describe('recomputeLeaf', () => {
  const example = JSON.stringify({
    event_type: 'CONTRACT_ANCHOR',
    serial_number: 'Z15P-2026-001',
    contract_sha256: '0123456789abcdef'.repeat(4),
  });
  const leaf = 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04';

  it('matches the bundle leaf when the fields are right', () => {
    expect(recomputeLeaf(example, leaf)).toEqual({ ok: true, leafHex: leaf, matches: true });
    expect(recomputeLeaf(example, 'ff'.repeat(32))).toMatchObject({ ok: true, matches: false });
  });

  it('names a missing field or bad JSON', () => {
    const missing = recomputeLeaf('{"event_type":"CONTRACT_ANCHOR","serial_number":"x"}', leaf);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.message).toMatch(/contract_sha256/);
    expect(recomputeLeaf('nope', leaf)).toMatchObject({ ok: false });
    expect(recomputeLeaf('[1]', leaf)).toMatchObject({
      ok: false,
      message: 'The event fields must be a JSON object.',
    });
  });

  it('offers the fields a contract anchor needs', () => {
    expect(JSON.parse(eventFieldsTemplate('CONTRACT_ANCHOR'))).toEqual({
      event_type: 'CONTRACT_ANCHOR',
      serial_number: '',
      contract_sha256: '',
    });
    expect(JSON.parse(eventFieldsTemplate('EXIT'))).toEqual({ event_type: 'EXIT' });
  });
});

describe('viewingKeyAdvice', () => {
  const ROOT = 'ab'.repeat(32);
  it('gives the published key and the memo to expect', () => {
    const advice = viewingKeyAdvice({ status: 'success', key: 'uview1abc' }, ROOT);
    expect(advice).toMatchObject({ kind: 'key', key: 'uview1abc' });
    expect(advice.text).toContain(`ZAP1:09:${ROOT}`);
  });
  it('says when the service publishes none, and when its info failed (not the same thing)', () => {
    expect(viewingKeyAdvice({ status: 'success', key: null }, ROOT).text).toMatch(/publishes no viewing key/);
    expect(viewingKeyAdvice({ status: 'success', key: undefined }, ROOT).kind).toBe('none');
    expect(viewingKeyAdvice({ status: 'error', key: undefined }, ROOT).text).toMatch(/could not be loaded/);
  });
});
