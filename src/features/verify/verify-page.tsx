/**
 * Verify a receipt, a proof bundle or a leaf in this browser: the inclusion is computed here with
 * src/core, the anchor is checked against the anchor history of the service the claim names
 * (`?service=`, a receipt's own, else this app's), and a document dropped with a receipt is
 * hashed here and checked against it. One drop zone leads (receipt and document, with a slot for
 * each); a leaf lookup and pasted JSON are the other ways. The link it shares is
 * `/verify?leaf=<hex>&sha256=<document>&service=<url>#receipt=<base64url>`: the fragment (never
 * sent to a server) carries the receipt, and the colleague is asked for the document itself.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import { Page } from '../../components/ui/page';
import { visibleText } from 'zap1';
import { HashingProgress } from '../anchor/hashing-progress';
import { useFileHash } from '../anchor/use-file-hash';
import {
  absoluteServiceUrl,
  claimLeaf,
  parseServiceParam,
  parseSha256Param,
  readReceiptFragment,
  serviceToAsk,
  sortDroppedFiles,
  type HeldClaim,
} from './claim';
import { ClaimResult } from './claim-result';
import { DropZone } from './drop-zone';
import { expectedDocumentHash } from './document-status';
import { LeafSource, PasteSource } from './verify-inputs';
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
  const { hash } = useLocation();
  const leafParam = params.get('leaf');
  const parsedLeaf = leafParam === null ? null : normaliseHex64(leafParam, 'The leaf hash');
  const leafHex = parsedLeaf?.ok ? parsedLeaf.hex : null;
  const linkedService = parseServiceParam(params.get('service'));
  const linkedSha256 = parseSha256Param(params.get('sha256'));
  const origin = window.location.origin;
  const configured = absoluteServiceUrl(useBaseUrl(), origin);

  // A shared link may carry the receipt in its fragment (never sent to a server): it is held as if dropped.
  const fragment = useMemo(() => {
    const reading = readReceiptFragment(hash);
    if (reading?.ok && leafHex !== null && claimLeaf(reading.claim) !== leafHex) {
      return {
        ok: false as const,
        message: 'The receipt in this link is for another leaf than the link names, so it is not used.',
      };
    }
    return reading;
  }, [hash, leafHex]);
  // The link's receipt is numbered by its fragment, so another link's receipt is another verification.
  const fromLink = fragment?.ok ? { id: `link ${hash}`, value: fragment.claim } : null;
  const nextId = useRef(1);
  const [claim, setClaim] = useState<{ id: string; value: HeldClaim } | null>(fromLink);
  // A new fragment (a link followed within the app, Back or Forward) is read as on a first visit.
  const [readHash, setReadHash] = useState(hash);
  if (hash !== readHash) {
    setReadHash(hash);
    if (fromLink) setClaim(fromLink);
    else if (claim?.value.fromLink) setClaim(null);
  }
  // Set aside (Clear, Back to the leaf, or another receipt dropped): it can be taken up again.
  const linkReceiptAside = fromLink !== null && claim?.id !== fromLink.id;
  const [problems, setProblems] = useState<string[]>([]);
  const [otherWays, setOtherWays] = useState(parsedLeaf !== null && !parsedLeaf.ok);
  // The block hash the person read for the evidence's height; it belongs to the claim it was given for.
  const [blockHash, setBlockHash] = useState<{
    claimId: string | null;
    leafHex: string | null;
    hex: string;
  } | null>(null);
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
    // Only a receipt names a file: a bare bundle's or a leaf's document is described on the page, not checked.
    file: claim?.value.kind === 'receipt' ? file : null,
    blockHash: givenBlockHash,
  });

  const holdClaim = (value: HeldClaim) => setClaim({ id: `held ${nextId.current++}`, value });
  const takeFiles = (files: readonly File[]) => {
    if (files.length === 0) return;
    void sortDroppedFiles(files).then(({ claim: found, document, problems: found_ }) => {
      const next = [...found_];
      if (found) holdClaim(found);
      if (document) {
        if (document.size === 0) next.push(`${document.name} is empty (0 bytes): there is nothing to check.`);
        else hashing.hashFile(document);
      }
      if (!found && claim === null && document === null && next.length === 0) {
        next.push('None of these files is a receipt or a proof bundle.');
      }
      setProblems(next);
    });
  };
  const chooseDocument = () => document.getElementById(fileInputId)?.click();
  const receipt = claim?.value.kind === 'receipt' ? claim.value.receipt : null;
  const expectedName = receipt?.file?.name ?? null;
  const expectsDocument =
    (receipt !== null && expectedDocumentHash(receipt) !== null) || (!claim && linkedSha256 !== null);

  const resultRef = useRef<HTMLDivElement>(null);
  const showing = verification.data !== undefined;
  useEffect(() => {
    // A new answer is announced by its status box; focus stays where the person is.
    if (showing) resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showing]);

  return (
    <Page
      title="Verify a proof"
      className="max-w-4xl space-y-4 [overflow-wrap:anywhere]"
      headingClassName="text-2xl font-semibold print:hidden"
    >
      <p className="text-sm print:hidden">
        Drop a receipt and the document it names: the proof is computed here, and the document is hashed in
        your browser, never uploaded.
      </p>
      {(claim?.value.fromLink || (!claim && linkedSha256)) && expectsDocument && !file && (
        <p
          className="rounded border border-amber-500 bg-amber-50 p-3 text-amber-950 print:hidden dark:bg-amber-950 dark:text-amber-50"
          data-testid="shared-link-notice"
        >
          This check was shared with you{claim?.value.fromLink ? ', with its receipt' : ''}. Drop{' '}
          {expectedName ? <strong>{visibleText(expectedName)}</strong> : 'the document'} below to confirm it
          is the same document: it is hashed here and compared with the SHA-256{' '}
          {claim ? 'the receipt names' : 'in the link'}.
        </p>
      )}
      <div className="print:hidden">
        <DropZone
          inputId={fileInputId}
          claim={claim?.value ?? null}
          documentState={hashing.state}
          expectedDocumentName={expectedName}
          onFiles={takeFiles}
        />
      </div>
      {linkReceiptAside && (
        <p
          className="flex flex-wrap items-center gap-3 text-sm print:hidden"
          data-testid="link-receipt-aside"
        >
          <span>This link carries a receipt{claim ? ', set aside for the one you gave' : ''}.</span>
          <Button
            onClick={() => {
              setClaim(fromLink);
              setProblems([]);
            }}
          >
            Use the receipt in the link
          </Button>
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="space-y-1 text-sm text-red-700 print:hidden dark:text-red-300">
          {/* Problems name the dropped files: untrusted text. */}
          {problems.map((problem) => (
            <p key={problem}>{visibleText(problem)}</p>
          ))}
        </div>
      )}
      {fragment && !fragment.ok && (
        <p role="alert" className="text-red-700 print:hidden dark:text-red-300">
          {fragment.message}
        </p>
      )}
      <DocumentState
        state={hashing.state}
        onCancel={() => {
          hashing.cancel();
          // The Cancel button goes away with the hashing: focus returns to where the file was chosen.
          document.getElementById(fileInputId)?.focus();
        }}
        waiting={claim === null && linkedSha256 === null}
      />
      <details
        className="rounded border border-slate-300 print:hidden dark:border-slate-700"
        open={otherWays}
        onToggle={(event) => setOtherWays(event.currentTarget.open)}
      >
        <summary className="cursor-pointer px-4 py-2 font-medium">
          Other ways: look a leaf up, or paste JSON
        </summary>
        <div className="grid gap-4 p-4 pt-0 lg:grid-cols-2">
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
          <PasteSource onClaim={holdClaim} />
        </div>
        <p className="px-4 pb-3 text-sm">
          Only want to know whether a leaf is anchored yet?{' '}
          <Link className="underline" to={PATHS.leaf}>
            Check whether a leaf is anchored
          </Link>
          .
        </p>
      </details>
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
      {claim && (
        <p className="flex flex-wrap items-center gap-3 text-sm print:hidden">
          {/* The label and a receipt's service are untrusted text. */}
          <span>
            Verifying {visibleText(claim.value.label)} against {visibleText(service)}.
          </span>
          <Button
            onClick={() => {
              setClaim(null);
              setProblems([]);
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
            serviceProof={verification.data.serviceProof ?? null}
            claim={claim?.value ?? null}
            file={file}
            linkedSha256={claim ? null : linkedSha256}
            onChooseDocument={chooseDocument}
            onFiles={takeFiles}
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
  waiting,
}: {
  state: ReturnType<typeof useFileHash>['state'];
  onCancel: () => void;
  /** Nothing to check the document against yet (no receipt, no SHA-256 in the link). */
  waiting: boolean;
}) {
  if (state.status !== 'done') {
    return (
      <div className="print:hidden">
        <HashingProgress state={state} onCancel={onCancel} />
      </div>
    );
  }
  // A dropped file's name is untrusted text (invoice_\u202Efdp.exe would read as …exe.pdf).
  const fileName = visibleText(state.fileName);
  return !waiting ? null : (
    <p className="text-sm print:hidden" data-testid="document-waiting">
      {fileName} is hashed (SHA-256 <HashText value={state.sha256Hex} what="SHA-256" />
      ). Now give its receipt to check it against.
    </p>
  );
}
