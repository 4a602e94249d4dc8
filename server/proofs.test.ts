import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from 'zap1';
import { assembleProofBundle, serializeProofBundle, type ProofTarget } from './proofs.js';
import type { LeafRecord } from './store/store.js';

const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);
/** Any text, lone surrogates, quotes and control characters included: what JSON must escape. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('serializeProofBundle', () => {
  it('writes exactly what JSON.stringify writes, whatever the texts, the path and the anchor', () => {
    fc.assert(
      fc.property(
        fc.record({
          leafHex: hex32,
          eventType: fc.integer({ min: 0, max: 255 }),
          createdAt: anyText,
          eventTypeLabel: fc.option(anyText),
          rootHex: hex32,
          leafCount: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          rootCreatedAt: anyText,
          steps: fc.array(
            fc.record({ hash: hex32, position: fc.constantFrom('left' as const, 'right' as const) }),
            {
              maxLength: 40,
            },
          ),
          anchor: fc.option(fc.record({ txid: hex32, height: fc.nat() })),
          verifyCommand: fc.option(anyText),
        }),
        (drawn) => {
          const leaf: LeafRecord = {
            position: 1,
            leafHex: drawn.leafHex,
            eventType: drawn.eventType,
            walletHash: 'w',
            serialNumber: null,
            createdAt: drawn.createdAt,
            timestamp: null,
            counterparty: null,
          };
          const target: ProofTarget = {
            rootHex: drawn.rootHex,
            leafCount: drawn.leafCount,
            createdAt: drawn.rootCreatedAt,
            anchored: drawn.anchor && {
              anchorId: 1,
              rootHex: drawn.rootHex,
              leafCount: drawn.leafCount,
              blockTime: null,
              blockHash: null,
              createdAt: drawn.rootCreatedAt,
              ...drawn.anchor,
            },
            proof: drawn.steps,
          };
          let bundle = assembleProofBundle(leaf, target);
          // Spread over the same keys keeps their order, as a bundle's own would be.
          if (drawn.eventTypeLabel !== null)
            bundle = { ...bundle, leaf: { ...bundle.leaf, event_type: drawn.eventTypeLabel } };
          if (drawn.verifyCommand !== null) bundle = { ...bundle, verify_command: drawn.verifyCommand };
          const written = serializeProofBundle(bundle);
          expect(written).toBe(JSON.stringify(bundle));
          expect(JSON.parse(written)).toEqual(bundle);
        },
      ),
      { numRuns: 500 },
    );
  });
});
