/**
 * Verify a receipt, a proof bundle or a leaf in this browser: the inclusion is computed here with
 * src/core, the anchor is checked against the anchor history of the service the claim names
 * (`?service=`, a receipt's own, else this app's), and a document dropped with a receipt is
 * hashed here and checked against it. `/verify?leaf=<hex>&service=<url>` is the link it shares.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import { Page } from '../../components/ui/page';
import { visibleText } from '../../core';
import { useFileHash } from '../anchor/use-file-hash';
import { absoluteServiceUrl, parseServiceParam, serviceToAsk, type HeldClaim } from './claim';
import { ClaimResult } from './claim-result';
import { ClaimSource, LeafSource } from './verify-inputs';
import { useVerification } from './use-verification';
import { Button } from '../../components/ui/button';
import { HashText } from '../../components/hash-text';
import { PATHS, verifyLeafPath } from '../../app/paths';

export function VerifyPage() {
  const { leaf: legacyLeaf } = useParams();
  // The old `/verify/<leaf>` links keep working: they become `/verify?leaf=<leaf>`.
  if (legacyLeaf !== undefined) return <Navigate to={verifyLeafPath(legacyLeaf)} replace />;
  return <VerifyClaimPage />;
}

function VerifyClaimPage() {
  const fileInputId = useId();
  const [params, setParams] = useSearchParams();
  const leafParam = params.get('leaf');
  const parsedLeaf = leafParam === null ? null : normaliseHex64(leafParam, 'The leaf hash');
  const leafHex = parsedLeaf?.ok ? parsedLeaf.hex : null;
  const linkedService = parseServiceParam(params.get('service'));
  const origin = window.location.origin;
  const configured = absoluteServiceUrl(useBaseUrl(), origin);

  const [claim, setClaim] = useState<{ id: number; value: HeldClaim } | null>(null);
  // The block hash the person read for the evidence's height; it belongs to the claim it was given for.
  const [blockHash, setBlockHash] = useState<{
    claimId: number | null;
    leafHex: string | null;
    hex: string;
  } | null>(null);
  const nextId = useRef(1);
  const hashing = useFileHash();
  const hashed = hashing.state.status === 'done' ? hashing.state : null;
  const file = hashed ? { sha256Hex: hashed.sha256Hex, name: hashed.fileName } : null;

  const service = serviceToAsk(claim?.value ?? null, linkedService.url, configured);
  const givenBlockHash =
    blockHash && blockHash.claimId === (claim?.id ?? null) && blockHash.leafHex === (claim ? null : leafHex)
      ? blockHash.hex
      : null;
  const verification = useVerification({
    claim,
    leafHex: claim ? null : leafHex,
    service,
    file,
    blockHash: givenBlockHash,
  });

  const holdClaim = (value: HeldClaim) => setClaim({ id: nextId.current++, value });
  const resultRef = useRef<HTMLDivElement>(null);
  const showing = verification.data !== undefined;
  useEffect(() => {
    // A new answer is announced by its status box; focus stays where the person is.
    if (showing) resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showing]);

  return (
    <Page
      title="Verify a proof"
      className="max-w-4xl space-y-6 [overflow-wrap:anywhere]"
      headingClassName="text-2xl font-semibold print:hidden"
    >
      <p className="print:hidden">
        Give a receipt or a proof bundle (and, with a receipt, the document itself), or a leaf hash. The proof
        is computed here, in your browser; the anchor is checked on the chain's own bytes where the receipt or
        the service carries them (else against the service's anchor history), and the document is hashed here
        and never uploaded. Only want to know whether a leaf is anchored yet?{' '}
        <Link className="underline" to={PATHS.leaf}>
          Check whether a leaf is anchored
        </Link>
        .
      </p>
      <div className="grid gap-4 print:hidden lg:grid-cols-2">
        <LeafSource
          initial={leafParam ?? ''}
          service={linkedService.url}
          onLeaf={(hex) => {
            setClaim(null);
            hashing.reset();
            const next = new URLSearchParams({ leaf: hex });
            if (linkedService.url) next.set('service', linkedService.url);
            setParams(next);
          }}
        />
        <ClaimSource
          fileInputId={fileInputId}
          holdingClaim={claim !== null}
          onClaim={holdClaim}
          onDocument={(document) => hashing.hashFile(document)}
        />
      </div>
      {parsedLeaf && !parsedLeaf.ok && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {parsedLeaf.message}
        </p>
      )}
      {linkedService.problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {linkedService.problem}
        </p>
      )}
      <DocumentState
        state={hashing.state}
        onCancel={() => {
          hashing.cancel();
          // The Cancel button goes away with the hashing: focus returns to where the file was chosen.
          document.getElementById(fileInputId)?.focus();
        }}
        holdingClaim={claim !== null}
      />
      {claim && (
        <p className="flex flex-wrap items-center gap-3 text-sm print:hidden">
          {/* The label, the document's name and a receipt's service are untrusted text. */}
          <span>
            Verifying {visibleText(claim.value.label)}
            {file ? ` with the document ${visibleText(file.name)}` : ''} against {visibleText(service)}.
          </span>
          <Button
            onClick={() => {
              setClaim(null);
              hashing.reset();
            }}
          >
            {leafHex ? 'Back to the leaf in the link' : 'Clear'}
          </Button>
        </p>
      )}
      <div ref={resultRef}>
        {verification.isFetching && !verification.data && <p aria-live="polite">Verifying…</p>}
        {verification.isError && (
          <ErrorNotice error={verification.error} title="The verification could not be completed" />
        )}
        {verification.data?.kind === 'unknown-leaf' && (
          <p role="alert" className="rounded border border-slate-400 p-4">
            {visibleText(service)} has no such leaf, so there is no proof to verify.{' '}
            <Link className="underline" to={PATHS.settings}>
              Check the service URL
            </Link>
            .
          </p>
        )}
        {verification.data?.kind === 'unreachable' && (
          <p role="alert" className="rounded border border-amber-500 p-4">
            The proof could not be fetched: {visibleText(verification.data.message)}. A receipt or bundle you
            hold can still be checked here.
          </p>
        )}
        {verification.data?.kind === 'verified' && (
          <ClaimResult
            outcome={verification.data.outcome}
            claim={claim?.value ?? null}
            file={file}
            appOrigin={origin}
            onCheckAgain={() => void verification.refetch()}
            checking={verification.isFetching}
            blockHash={givenBlockHash}
            onBlockHash={(hex) =>
              setBlockHash({ claimId: claim?.id ?? null, leafHex: claim ? null : leafHex, hex })
            }
          />
        )}
      </div>
    </Page>
  );
}

function DocumentState({
  state,
  onCancel,
  holdingClaim,
}: {
  state: ReturnType<typeof useFileHash>['state'];
  onCancel: () => void;
  holdingClaim: boolean;
}) {
  if (state.status === 'idle') return null;
  // A dropped file's name is untrusted text (invoice_\u202Efdp.exe would read as …exe.pdf).
  const fileName = visibleText(state.fileName);
  if (state.status === 'hashing') {
    const percent = state.totalBytes === 0 ? 100 : Math.floor((state.bytesDone / state.totalBytes) * 100);
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm print:hidden">
        <label htmlFor="document-progress">Hashing {fileName} here…</label>
        <progress id="document-progress" max={100} value={percent}>
          {percent}%
        </progress>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        {fileName} could not be hashed: {visibleText(state.message)}
      </p>
    );
  }
  if (state.status === 'cancelled') return <p className="text-sm">Hashing {fileName} was cancelled.</p>;
  return holdingClaim ? null : (
    <p className="text-sm print:hidden" data-testid="document-waiting">
      {fileName} is hashed (SHA-256 <HashText value={state.sha256Hex} what="SHA-256" />
      ). Now give its receipt to check it against.
    </p>
  );
}
