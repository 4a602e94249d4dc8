import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZap1Json } from '../../test/vectors.js';
import { merkleProof, merkleRoot } from '../../test/merkle-reference.js';
import { verifyExport, verifyProofBundle } from './proof-bundle.js';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A fresh deep copy of a fixture, typed for mutation in tests. */
function fixture(name: string): Json & { leaf: Json; root: Json; anchor: Json; proof: Json[] } {
  const value = readZap1Json(name);
  if (!isJson(value) || !isJson(value['leaf']) || !isJson(value['root']) || !isJson(value['anchor'])) {
    throw new Error(`${name} is not a bundle`);
  }
  const proof = value['proof'];
  if (!Array.isArray(proof) || !proof.every(isJson)) throw new Error(`${name} has no proof`);
  return { ...value, leaf: value['leaf'], root: value['root'], anchor: value['anchor'], proof };
}

const LEAF = 'de62554ad3867a59895befa7216686c923fc86245231e8fb6bd709a20e1fd133';
const SIBLING = '075b00df286038a7b3f6bb70054df61343e3481fba579591354a00214e9e019b';
const ROOT = '94421ae28effbe52f651b33eb62c3b428d2ae62be578e05d471cba9794225bbd';
const LEGACY_ROOT = '024e36515ea30efc15a0a7962dd8f677455938079430b9eab174f46a4328a07a';
const TXID = '98e1d6a01614c464c237f982d9dc2138c5f8aa08342f67b867a18a4ce998af9a';
const LEGACY = 'ZAP1_LEGACY_DUPLICATE_ODD';

/** The public v2 shape of 4.1 for the same leaf: preimages withheld. */
function servedBundle(): Json {
  return {
    protocol: 'ZAP1',
    version: '2',
    leaf: {
      hash: LEAF,
      event_type: 'OWNERSHIP_ATTEST',
      created_at: '2026-03-27T03:29:26.266798995+00:00',
      preimage_disclosure: 'withheld from the public proof bundle',
      event_type_authentication: 'unverified_server_metadata_without_disclosed_witness',
    },
    proof: [{ hash: SIBLING, position: 'left' }],
    root: {
      hash: ROOT,
      leaf_count: 2,
      created_at: '2026-03-27T03:29:26.270894724+00:00',
      scheme: 'ZAP1_COUNT_BOUND_V2',
      legacy_allowed: false,
      legacy_max_anchor_height: 3317133,
    },
    anchor: { txid: null, height: null },
    verify_command: 'python3 examples/verify_proof.py proof.json',
  };
}

describe('verifyProofBundle on the conformance fixtures (docs/protocol.md 4.2, 4.4)', () => {
  it('valid_bundle.json verifies under the count-bound scheme with its witness recomputed', () => {
    const verdict = verifyProofBundle(readZap1Json('valid_bundle.json'));
    expect(verdict).toMatchObject({
      valid: true,
      scheme: 'ZAP1_COUNT_BOUND_V2',
      leafHex: LEAF,
      rootHex: ROOT,
      leafCount: 2,
      anchor: { txid: null, height: null },
      eventType: 'OWNERSHIP_ATTEST',
      computedRootHex: ROOT,
      witness: 'verified',
    });
    expect(verdict.steps).toEqual([{ siblingHex: SIBLING, position: 'left', resultHex: LEGACY_ROOT }]);
    expect(verdict.error).toBeUndefined();
  });

  it('invalid_bundle.json is invalid: the walk reaches 9442…, not ff…ff', () => {
    const verdict = verifyProofBundle(readZap1Json('invalid_bundle.json'));
    expect(verdict.valid).toBe(false);
    expect(verdict.scheme).toBe('INVALID');
    expect(verdict.computedRootHex).toBe(ROOT);
    expect(verdict.anchor).toEqual({ txid: TXID, height: 3286631 });
    expect(verdict.error).toMatch(/not to the bundle root/);
  });

  it('the served v2 shape verifies with the event type left as a claim', () => {
    const verdict = verifyProofBundle(servedBundle());
    expect(verdict).toMatchObject({ valid: true, scheme: 'ZAP1_COUNT_BOUND_V2', witness: 'claimed' });
  });

  it('a gated legacy bundle verifies, also as version 1.0.0', () => {
    const bundle = fixture('valid_bundle.json');
    bundle.root['scheme'] = LEGACY;
    bundle.root['hash'] = LEGACY_ROOT;
    bundle.anchor['txid'] = TXID;
    bundle.anchor['height'] = 3286631;
    expect(verifyProofBundle(bundle)).toMatchObject({
      valid: true,
      scheme: LEGACY,
      computedRootHex: LEGACY_ROOT,
    });
    expect(verifyProofBundle({ ...bundle, version: '1.0.0' }).valid).toBe(true);
  });

  it('a bundle from before ZAP1 3.0 (no scheme) is refused by the standard rules, judged under the historical rule only when allowed', () => {
    // A v1 bundle as the service wrote it then: a legacy raw root, no scheme.
    const v1 = fixture('valid_bundle.json');
    delete v1.root['scheme'];
    v1.root['hash'] = LEGACY_ROOT;
    v1.anchor['txid'] = TXID;
    v1.anchor['height'] = 3286631;
    const bundle = { ...v1, version: '1.0.0' };
    expect(verifyProofBundle(bundle)).toMatchObject({ valid: false, error: 'the bundle root has no scheme' });
    expect(verifyProofBundle(bundle, { allowHistorical: true })).toMatchObject({
      valid: true,
      historical: true,
      scheme: LEGACY,
      computedRootHex: LEGACY_ROOT,
    });
    // The legacy rule holds only for anchors at or below block 3317133.
    const late = { ...bundle, anchor: { txid: TXID, height: 3317134 } };
    const lateVerdict = verifyProofBundle(late, { allowHistorical: true });
    expect(lateVerdict).toMatchObject({ valid: false, historical: true, scheme: 'INVALID' });
    expect(lateVerdict.error).toMatch(
      /neither to the count-bound root .* nor, for an anchor at or below block 3317133, to the raw root/,
    );
    const unanchored = { ...bundle, anchor: { txid: null, height: null } };
    expect(verifyProofBundle(unanchored, { allowHistorical: true }).valid).toBe(false);

    // A count-bound bundle without its scheme verifies under the same rule, at any height.
    const served = servedBundle();
    const noScheme = { ...served, root: { ...(served.root as object), scheme: undefined } };
    expect(verifyProofBundle(noScheme, { allowHistorical: true })).toMatchObject({
      valid: true,
      historical: true,
      scheme: 'ZAP1_COUNT_BOUND_V2',
    });
    // A bundle that names its scheme is judged as always, never as historical.
    expect(verifyProofBundle(served, { allowHistorical: true })).toMatchObject({
      valid: true,
      historical: false,
    });
    expect(verifyProofBundle({ ...bundle, version: '3' }, { allowHistorical: true }).error).toMatch(
      /version is not "2" or "1.0.0"/,
    );
  });

  it('a fixture-shaped bundle whose disclosure is not the whole preimage keeps the event type as a claim', () => {
    const serial = 'Z15P-2026-001';
    const contract = '0123456789abcdef'.repeat(4);
    const leafHex = 'ae15a6e4afceee1d6339690204f55d4c1336339ee4736147b3a0760d45c2bf04';
    const bundle = fixture('valid_bundle.json');
    bundle.leaf = { ...bundle.leaf, hash: leafHex, event_type: 'CONTRACT_ANCHOR', serial_number: serial };
    bundle.proof = [];
    bundle.root = { ...bundle.root, hash: merkleRoot([leafHex]), leaf_count: 1 };
    expect(verifyProofBundle(bundle)).toMatchObject({ valid: true, witness: 'claimed' });
    bundle.leaf['contract_sha256'] = contract;
    expect(verifyProofBundle(bundle)).toMatchObject({ valid: true, witness: 'verified' });
    bundle.leaf['contract_sha256'] = contract.toUpperCase();
    expect(verifyProofBundle(bundle)).toMatchObject({ valid: false, witness: 'mismatch' });
  });

  it('accepts the requested leaf in either case (rule 11)', () => {
    expect(verifyProofBundle(servedBundle(), { expectedLeafHex: LEAF.toUpperCase() }).valid).toBe(true);
  });
});

type Mutation = (b: ReturnType<typeof fixture>) => unknown;
/** One case per rejection of docs/protocol.md 4.4 (rules 1-11), each a mutation of valid_bundle.json. */
const REJECTIONS: [string, Mutation, RegExp, { expectedLeafHex?: string }?][] = [
  ['rule 1: not a JSON object', (b) => [b], /not a JSON object/],
  ['rule 1: protocol is not "ZAP1"', (b) => ({ ...b, protocol: 'zap1' }), /protocol must be "ZAP1"/],
  ['rule 2: leaf is not an object', (b) => ({ ...b, leaf: LEAF }), /no leaf object/],
  ['rule 2: root is not an object', (b) => ({ ...b, root: null }), /no root object/],
  ['rule 2: anchor is missing', (b) => ({ ...b, anchor: undefined }), /no anchor object/],
  ['rule 2: proof is not an array', (b) => ({ ...b, proof: { 0: b.proof[0] } }), /proof is not a list/],
  ['rule 3: root.scheme is missing', (b) => ({ ...b, root: { ...b.root, scheme: undefined } }), /no scheme/],
  [
    'rule 3: root.scheme is INVALID',
    (b) => ({ ...b, root: { ...b.root, scheme: 'INVALID' } }),
    /"INVALID" is not a ZAP1/,
  ],
  [
    'rule 4: version 1.0.0 with the count-bound scheme',
    (b) => ({ ...b, version: '1.0.0' }),
    /only with the legacy/,
  ],
  ['rule 4: version is the number 2', (b) => ({ ...b, version: 2 }), /version is not "2"/],
  [
    'rule 5: leaf.hash in uppercase',
    (b) => ({ ...b, leaf: { ...b.leaf, hash: LEAF.toUpperCase() } }),
    /leaf hash is not/,
  ],
  [
    'rule 5: root.hash too short',
    (b) => ({ ...b, root: { ...b.root, hash: ROOT.slice(1) } }),
    /root hash is not/,
  ],
  ['rule 6: leaf_count 0', (b) => ({ ...b, root: { ...b.root, leaf_count: 0 } }), /leaf_count/],
  ['rule 6: leaf_count as a string', (b) => ({ ...b, root: { ...b.root, leaf_count: '2' } }), /leaf_count/],
  ['rule 6: leaf_count true', (b) => ({ ...b, root: { ...b.root, leaf_count: true } }), /leaf_count/],
  ['rule 6: leaf_count 2.5', (b) => ({ ...b, root: { ...b.root, leaf_count: 2.5 } }), /leaf_count/],
  [
    'rule 6: leaf_count above 2^64-1',
    (b) => ({ ...b, root: { ...b.root, leaf_count: 2 ** 64 } }),
    /leaf_count/,
  ],
  ['rule 7: a step is not an object', (b) => ({ ...b, proof: [SIBLING] }), /step 1 is not an object/],
  [
    'rule 7: a step hash in uppercase',
    (b) => ({ ...b, proof: [{ ...b.proof[0], hash: SIBLING.toUpperCase() }] }),
    /step 1 hash/,
  ],
  [
    'rule 7: a step position "Left"',
    (b) => ({ ...b, proof: [{ ...b.proof[0], position: 'Left' }] }),
    /step 1 position/,
  ],
  [
    'rule 8: anchor.txid not lowercase hex64',
    (b) => ({ ...b, anchor: { ...b.anchor, txid: TXID.toUpperCase() } }),
    /txid/,
  ],
  ['rule 9: anchor.height negative', (b) => ({ ...b, anchor: { ...b.anchor, height: -1 } }), /height/],
  [
    'rule 9: anchor.height above 2^32-1',
    (b) => ({ ...b, anchor: { ...b.anchor, height: 2 ** 32 } }),
    /height/,
  ],
  [
    'rule 10: legacy scheme without an anchor height',
    (b) => ({ ...b, root: { ...b.root, scheme: LEGACY, hash: LEGACY_ROOT } }),
    /no anchor height/,
  ],
  [
    'rule 10: legacy scheme anchored at 3317134',
    (b) => ({
      ...b,
      root: { ...b.root, scheme: LEGACY, hash: LEGACY_ROOT },
      anchor: { txid: TXID, height: 3317134 },
    }),
    /at or below block 3317133/,
  ],
  [
    'rule 11: the bundle is for another leaf',
    (b) => b,
    /not for the requested leaf/,
    { expectedLeafHex: SIBLING },
  ],
  [
    'verdict: the root is wrong',
    (b) => ({ ...b, root: { ...b.root, hash: 'f'.repeat(64) } }),
    /not to the bundle root/,
  ],
  [
    'verdict: the leaf count is wrong',
    (b) => ({ ...b, root: { ...b.root, leaf_count: 3 } }),
    /not to the bundle root/,
  ],
  [
    'witness: the disclosed serial number does not hash to the leaf',
    (b) => ({ ...b, leaf: { ...b.leaf, serial_number: 'Z15P-E2E-002' } }),
    /disclosed witness \(serial_number, wallet_hash\) hashes to/,
  ],
  [
    'witness: the disclosed wallet_hash cannot be hashed',
    (b) => ({ ...b, leaf: { ...b.leaf, wallet_hash: 42 } }),
    /not a valid preimage: .*wallet_hash/,
  ],
];

describe('verifyProofBundle rejections (docs/protocol.md 4.4)', () => {
  it.each(REJECTIONS)('%s', (_name, mutate, error, options) => {
    const verdict = verifyProofBundle(mutate(fixture('valid_bundle.json')), options);
    expect(verdict.valid).toBe(false);
    expect(verdict.scheme).toBe('INVALID');
    expect(verdict.error).toMatch(error);
  });

  it('a witness of an unknown event type is a mismatch', () => {
    const bundle = fixture('valid_bundle.json');
    const verdict = verifyProofBundle({ ...bundle, leaf: { ...bundle.leaf, event_type: 'OWNERSHIP' } });
    expect(verdict).toMatchObject({ valid: false, witness: 'mismatch' });
    expect(verdict.error).toMatch(/not a valid preimage/);
  });

  it('reports a witness mismatch even though the Merkle proof itself is sound', () => {
    const bundle = fixture('valid_bundle.json');
    const verdict = verifyProofBundle({ ...bundle, leaf: { ...bundle.leaf, wallet_hash: 'someone_else' } });
    expect(verdict).toMatchObject({ valid: false, witness: 'mismatch', computedRootHex: ROOT });
  });
});

describe('verifyProofBundle never throws', () => {
  const expectVerdict = (input: unknown): void => {
    const verdict = verifyProofBundle(input);
    expect(typeof verdict.valid).toBe('boolean');
    if (!verdict.valid) expect(verdict.error).toEqual(expect.any(String));
  };

  it('on arbitrary values and JSON text', () => {
    fc.assert(fc.property(fc.anything(), expectVerdict), { numRuns: 300 });
    fc.assert(
      fc.property(fc.json(), (text) => expectVerdict(JSON.parse(text))),
      { numRuns: 300 },
    );
  });

  it('on valid_bundle.json with any one field replaced by any JSON value', () => {
    const paths: [string, string | null][] = [
      ['protocol', null],
      ['version', null],
      ['leaf', null],
      ['proof', null],
      ['root', null],
      ['anchor', null],
      ['leaf', 'hash'],
      ['leaf', 'event_type'],
      ['leaf', 'wallet_hash'],
      ['leaf', 'serial_number'],
      ['root', 'hash'],
      ['root', 'leaf_count'],
      ['root', 'scheme'],
      ['anchor', 'txid'],
      ['anchor', 'height'],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), ([outer, inner], value) => {
        const bundle: Json = fixture('valid_bundle.json');
        const parent = bundle[outer];
        if (inner === null) bundle[outer] = value;
        else if (isJson(parent)) parent[inner] = value;
        expectVerdict(bundle);
      }),
      { numRuns: 300 },
    );
  });

  it('on cyclic, huge and hostile objects', () => {
    const cyclic = fixture('valid_bundle.json');
    cyclic['self'] = cyclic;
    cyclic.leaf['serial_number'] = cyclic;
    expectVerdict(cyclic);
    expectVerdict({
      ...fixture('valid_bundle.json'),
      proof: new Array(1_000_000).fill({ hash: SIBLING, position: 'left' }),
    });
    const hostile = new Proxy(fixture('valid_bundle.json'), {
      get(target, key) {
        if (key === 'root') throw new Error('boom');
        return Reflect.get(target, key);
      },
    });
    expect(verifyProofBundle(hostile).error).toMatch(/could not be read/);
    expectVerdict({
      ...fixture('valid_bundle.json'),
      leaf: { ...fixture('valid_bundle.json').leaf, serial_number: 'x'.repeat(70_000) },
    });
  });
});

describe('verifyExport (docs/protocol.md 4.5)', () => {
  const exportFixture = (): Json & { proofs: Json[] } => {
    const value = readZap1Json('valid_export.json');
    if (!isJson(value) || !Array.isArray(value['proofs']) || !value['proofs'].every(isJson))
      throw new Error('bad fixture');
    return { ...value, proofs: value['proofs'] };
  };

  it('valid_export.json passes: both legacy proofs are gated by height and reach the raw root', () => {
    const result = verifyExport(readZap1Json('valid_export.json'));
    expect(result).toEqual({
      valid: true,
      proofs: [
        { leafHex: SIBLING, valid: true, scheme: LEGACY },
        { leafHex: LEAF, valid: true, scheme: LEGACY },
      ],
    });
  });

  it('a tampered copy fails and names the proof', () => {
    const pkg = exportFixture();
    const second = pkg.proofs[1]!;
    pkg.proofs[1] = { ...second, proof_steps: [{ hash: 'e'.repeat(64), position: 'left' }] };
    const result = verifyExport(pkg);
    expect(result.valid).toBe(false);
    expect(result.proofs.map((p) => p.valid)).toEqual([true, false]);
    expect(result.error).toMatch(/proof 2: the proof does not lead to the legacy root/);
  });

  it('applies the audit rules: scheme required, legacy height gate, leaf_count for count-bound', () => {
    const first = exportFixture().proofs[0]!;
    const check = (entry: Json): string | undefined =>
      verifyExport({ protocol: 'ZAP1', proofs: [entry] }).error;
    expect(check({ ...first, merkle_scheme: undefined })).toMatch(/merkle_scheme is missing/);
    expect(check({ ...first, anchor_height: 3317134 })).toMatch(/at or below block 3317133/);
    expect(check({ ...first, anchor_height: null })).toMatch(/at or below block 3317133/);
    const leaves = [SIBLING, LEAF, LEGACY_ROOT];
    const countBound = {
      ...first,
      merkle_scheme: 'ZAP1_COUNT_BOUND_V2',
      proof_steps: merkleProof(leaves, 0),
      root: merkleRoot(leaves),
      anchor_height: 4_000_123,
    };
    expect(check({ ...countBound, leaf_count: 3 })).toBeUndefined();
    expect(check(countBound)).toMatch(/needs leaf_count/);
    expect(check({ ...countBound, leaf_count: 4 })).toMatch(/count-bound root/);
  });

  it('refuses packages that are not ZAP1 exports or hold no proofs, without throwing', () => {
    expect(verifyExport(null).error).toMatch(/not a JSON object/);
    expect(verifyExport({ ...exportFixture(), protocol: 'NSM1' }).error).toMatch(/protocol/);
    expect(verifyExport({ protocol: 'ZAP1', proofs: [] }).error).toMatch(/no proofs/);
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(verifyExport(junk).valid).toBe(false);
        expect(verifyExport({ protocol: 'ZAP1', proofs: [junk] }).valid).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
