import type { ReactNode } from 'react';
import { SCHEME_LEGACY, visibleText, type BundleVerdict } from 'zap1';
import { TxLink } from '../../components/tx-link';
import { HashText } from '../../components/hash-text';
import { Section } from '../../components/ui/section';

const HASH = 'block break-all font-mono text-xs sm:text-sm';

/** One hash of the path, written out in full with a Copy button. */
function PathHash({ hex, what }: { hex: string; what: string }) {
  return (
    <p className="text-xs sm:text-sm">
      <HashText value={hex} what={what} full />
    </p>
  );
}

function Box({
  title,
  children,
  tone = 'plain',
}: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'good' | 'bad';
}) {
  const style =
    tone === 'good'
      ? 'border-emerald-500 bg-emerald-50 dark:border-emerald-600 dark:bg-emerald-950'
      : tone === 'bad'
        ? 'border-red-500 bg-red-50 dark:border-red-600 dark:bg-red-950'
        : 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900';
  return (
    <div className={`rounded border p-2 ${style}`}>
      <p className="text-sm font-semibold">{title}</p>
      {children}
    </div>
  );
}

function Arrow({ label }: { label: string }) {
  return (
    <p className="flex items-start gap-2 py-1 pl-4 text-sm text-slate-700 dark:text-slate-300">
      <span aria-hidden="true">↓</span>
      <span>{label}</span>
    </p>
  );
}

/**
 * The proof as a picture: the leaf, each step (sibling, side, result), the raw root, the
 * count-bound commitment against the bundle's root, then the root against its anchor.
 */
export function ProofPath({ verdict, scheme }: { verdict: BundleVerdict; scheme: string | null }) {
  if (verdict.leafHex === null || verdict.computedRootHex === null) return null;
  const legacy = scheme === SCHEME_LEGACY;
  const rawRootHex = legacy ? verdict.computedRootHex : (verdict.steps.at(-1)?.resultHex ?? verdict.leafHex);
  const rootMatches = verdict.computedRootHex === verdict.rootHex;
  return (
    <Section title="The path, step by step" headingClassName="text-lg font-semibold">
      <ol className="space-y-0" data-testid="proof-path">
        <li>
          <Box title={`Leaf${verdict.eventType ? ` (claimed ${visibleText(verdict.eventType)})` : ''}`}>
            <PathHash hex={verdict.leafHex} what="leaf hash" />
          </Box>
        </li>
        {verdict.steps.map((step, i) => (
          <li key={`${i}-${step.siblingHex}`}>
            <Arrow
              label={`Step ${i + 1}: sibling on the ${step.position} — hash(${step.position === 'left' ? 'sibling ‖ current' : 'current ‖ sibling'})`}
            />
            <Box title={`Sibling ${i + 1} (${step.position})`}>
              <PathHash hex={step.siblingHex} what={`sibling ${i + 1}`} />
              <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">gives</p>
              <PathHash hex={step.resultHex} what={`result of step ${i + 1}`} />
            </Box>
          </li>
        ))}
        <li>
          <Arrow
            label={
              verdict.steps.length === 0
                ? 'No siblings: the leaf is the raw root'
                : 'The last result is the raw root'
            }
          />
          <Box title="Raw root (computed here)">
            <PathHash hex={rawRootHex} what="raw root" />
          </Box>
        </li>
        {!legacy && (
          <li>
            <Arrow
              label={`Commit to the leaf count ${verdict.leafCount ?? '?'}: BLAKE2b("NordicShield_RTK", 0x01 ‖ count ‖ raw root)`}
            />
            <Box title="Count-bound root (computed here)">
              <PathHash hex={verdict.computedRootHex} what="count-bound root" />
            </Box>
          </li>
        )}
        <li>
          <Arrow label={rootMatches ? 'equals' : 'differs from'} />
          <Box
            title={`Root named by the bundle: ${rootMatches ? 'matches' : 'does not match'}`}
            tone={rootMatches ? 'good' : 'bad'}
          >
            {verdict.rootHex ? (
              <PathHash hex={verdict.rootHex} what="bundle's root" />
            ) : (
              <p className="text-sm">(none)</p>
            )}
          </Box>
        </li>
        <li>
          <Arrow label="anchored in" />
          {verdict.anchor?.txid ? (
            <Box
              title={`Zcash transaction${verdict.anchor.height !== null ? ` at height ${verdict.anchor.height}` : ''} (as the service reports)`}
            >
              <span className={HASH}>
                <TxLink txid={verdict.anchor.txid} full />
              </span>
            </Box>
          ) : (
            <Box title="No anchor yet">
              <p className="text-sm">The service has not written this root to the chain yet.</p>
            </Box>
          )}
        </li>
      </ol>
    </Section>
  );
}
