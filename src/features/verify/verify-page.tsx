/**
 * Verify a receipt, a proof bundle or a leaf in this browser: the inclusion and the receipt's chain
 * evidence are checked here with zap1, the block only by a source the person chose (the service
 * in Settings, a block hash typed here; a service a receipt or link names is asked only with their
 * consent, and its word never makes "anchored"), and a document dropped with a receipt is hashed
 * here and checked against it. One drop zone leads (receipt and document, with a slot for
 * each); a leaf lookup and pasted JSON are the other ways. The link it shares is
 * `/verify?leaf=<hex>&sha256=<document>&service=<url>#receipt=<base64url>`: the fragment (never
 * sent to a server) carries the receipt, and the colleague is asked for the document itself.
 * What the page was given is kept per history entry (use-kept-inputs.ts, verify-draft.ts), so Back
 * after following a link, or after a leaf looked up here, brings the same check back.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { normaliseHex64 } from '../../components/hash-input';
import { Page } from '../../components/ui/page';
import { visibleText } from 'zap1';
import {
  absoluteServiceUrl,
  claimLeaf,
  parseServiceParam,
  parseSha256Param,
  readReceiptFragment,
  serviceToAsk,
} from './claim';
import { ClaimResult } from './claim-result';
import { DocumentState, DropNotices, NO_NOTICES, type DroppedNotices } from './drop-notices';
import { useClaimIntake } from './use-claim-intake';
import { linkReceipt, readLinkClaim } from './link-claim';
import { DropZone } from './drop-zone';
import { keptDocumentConflict } from './verify-draft';
import { useKeptInputs } from './use-kept-inputs';
import { expectedDocumentHash } from './document-status';
import { LeafSource, PasteSource } from './verify-inputs';
import { useVerification } from './use-verification';
import { warmVerifyWorker } from './verify-off-thread';
import { AskNamedService, verifyingWords } from './named-service';
import { Button } from '../../components/ui/button';
import { PATHS, verifyLeafPath } from '../../app/paths';
import { inputOf, isFolderOfFiles, type FolderInput } from './folder/folder-input';
import { FolderVerification } from './folder/folder-verification';

const IDLE = { status: 'idle' } as const;

export function VerifyPage() {
  const { leaf: legacyLeaf } = useParams();
  // The old `/verify/<leaf>` links keep working: they become `/verify?leaf=<leaf>`.
  if (legacyLeaf !== undefined) return <Navigate to={verifyLeafPath(legacyLeaf)} replace />;
  return <VerifyClaimPage />;
}

function VerifyClaimPage() {
  const fileInputId = useId();
  // The chain reader loads and compiles in the worker while the person chooses files.
  useEffect(warmVerifyWorker, []);
  const [params, setParams] = useSearchParams();
  const { hash, pathname, search } = useLocation();
  const address = `${pathname}${search}${hash}`;
  const leafParam = params.get('leaf');
  const parsedLeaf = leafParam === null ? null : normaliseHex64(leafParam, 'The leaf hash');
  const leafHex = parsedLeaf?.ok ? parsedLeaf.hex : null;
  const linkedService = parseServiceParam(params.get('service'));
  const linkedSha256 = parseSha256Param(params.get('sha256'));
  const origin = window.location.origin;
  const configured = absoluteServiceUrl(useBaseUrl(), origin);

  // A short link names the claim (its event in the fragment); an older one carries the whole receipt there.
  const link = useMemo(() => readLinkClaim(params, hash), [params, hash]);
  // A shared link's claim is held as if dropped (the fragment is never sent to a server).
  const fragment = useMemo(() => {
    const reading =
      readReceiptFragment(hash) ??
      (link === null ? null : linkReceipt(link, linkedService.url ?? configured));
    if (reading?.ok && leafHex !== null && claimLeaf(reading.claim) !== leafHex) {
      return {
        ok: false as const,
        message: 'The receipt in this link is for another leaf than the link names, so it is not used.',
      };
    }
    return reading;
  }, [hash, leafHex, link, linkedService.url, configured]);
  // The link's receipt is numbered by its fragment, so another link's receipt is another verification.
  const fromLink = fragment?.ok ? { id: `link ${hash}`, value: fragment.claim } : null;
  const [notices, setNotices] = useState<DroppedNotices>(NO_NOTICES);
  // What this history entry was given (a new fragment is a new entry, read as on a first visit);
  // the block hash the person read belongs to the claim it was given for.
  const { claim, setClaim, blockHash, setBlockHash, hashing, notKept } = useKeptInputs(
    address,
    fromLink,
    () => setNotices(NO_NOTICES),
  );
  // Set aside (Clear, Back to the leaf, or another receipt dropped): it can be taken up again.
  const linkReceiptAside = fromLink !== null && claim?.id !== fromLink.id;
  const [otherWays, setOtherWays] = useState(parsedLeaf !== null && !parsedLeaf.ok);
  const receipt = claim?.value.kind === 'receipt' ? claim.value.receipt : null;
  const hashed = hashing.state.status === 'done' ? hashing.state : null;
  // A digest kept from earlier in this tab is stored text: one whose size is not the receipt's is no match.
  const keptAside = hashed && keptDocumentConflict(hashed, receipt);
  const file =
    hashed && !keptAside
      ? { sha256Hex: hashed.sha256Hex, name: hashed.fileName, restored: hashed.restored === true }
      : null;

  const service = serviceToAsk(claim?.value ?? null, linkedService.url, configured);
  // Asking a service only a receipt or link names is the person's choice, made here for its address.
  const [consentedTo, setConsentedTo] = useState<string | null>(null);
  const consented = service.kind === 'named' && consentedTo === service.url;
  const givenBlockHash =
    blockHash && blockHash.claimId === (claim?.id ?? null) && blockHash.leafHex === (claim ? null : leafHex)
      ? blockHash.hex
      : null;
  // One kept from earlier in this tab stays in its field, seen and changeable, even once it confirms the block.
  const blockHashKept = givenBlockHash !== null && blockHash?.kept === true;
  const verification = useVerification({
    claim,
    leafHex: claim ? null : leafHex,
    service,
    consented,
    // Only a receipt names a file: a bare bundle's or a leaf's document is described on the page, not checked.
    file: claim?.value.kind === 'receipt' ? file : null,
    blockHash: givenBlockHash,
  });

  const { replaceClaim, holdClaim, takeFiles, takeAsDocument } = useClaimIntake({
    claim,
    setClaim,
    hashing,
    setNotices,
  });
  // More than one document or receipt (or a ZIP, or a folder) is a folder: each document with its receipt.
  const [folder, setFolder] = useState<FolderInput[] | null>(null);
  const takeDroppedFiles = (files: File[]) => {
    void isFolderOfFiles(files).then((isFolder) =>
      isFolder ? setFolder(files.map(inputOf)) : takeFiles(files),
    );
  };
  const chooseDocument = () => document.getElementById(fileInputId)?.click();
  const expectedName = receipt?.file?.name ?? null;
  const expectsDocument =
    (receipt !== null && expectedDocumentHash(receipt) !== null) || (!claim && linkedSha256 !== null);

  const resultRef = useRef<HTMLDivElement>(null);
  const showing = verification.data !== undefined;
  useEffect(() => {
    // A new answer is announced by its status box; focus stays where the person is.
    if (showing) resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showing]);

  if (folder !== null) {
    return <FolderVerification inputs={folder} serviceUrl={configured} onClear={() => setFolder(null)} />;
  }

  // Once something is held the inputs shrink, so the verdict, its date and the document fit the first screen.
  const holding = claim !== null;
  const leafSource = (
    <LeafSource
      initial={leafParam ?? ''}
      service={linkedService.url}
      onLeaf={(hex) => {
        // The new entry starts empty (use-kept-inputs.ts): clearing here would keep this one empty too.
        const next = new URLSearchParams({ leaf: hex });
        if (linkedService.url) next.set('service', linkedService.url);
        setParams(next);
      }}
    />
  );
  return (
    <Page
      title="Verify a receipt"
      className="max-w-4xl space-y-4 [overflow-wrap:anywhere]"
      headingClassName="text-2xl font-semibold print:hidden"
    >
      {!holding && leafHex === null && (
        <p className="text-sm print:hidden">
          Drop a receipt and the document it names, or give a leaf: the proof is computed here, and the
          document is hashed in your browser, never uploaded.
        </p>
      )}
      {(claim?.value.fromLink || (!claim && linkedSha256)) && expectsDocument && !file && (
        <p
          className="rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 print:hidden dark:bg-amber-950 dark:text-amber-50"
          data-testid="shared-link-notice"
        >
          This check was shared with you. Drop{' '}
          {expectedName ? <strong>{visibleText(expectedName)}</strong> : 'the document'} below to confirm it
          is the same document: it is hashed here and compared with the SHA-256{' '}
          {claim ? 'the receipt names' : 'in the link'}.
        </p>
      )}
      <div className={`grid gap-3 print:hidden ${holding ? '' : 'lg:grid-cols-[3fr_2fr]'}`}>
        <DropZone
          inputId={fileInputId}
          claim={claim?.value ?? null}
          documentState={keptAside ? IDLE : hashing.state}
          expectedDocumentName={expectedName}
          onFiles={takeDroppedFiles}
          onFolder={setFolder}
          compact={holding || verification.data !== undefined}
        />
        {!holding && leafSource}
      </div>
      {linkReceiptAside && (
        <p
          className="flex flex-wrap items-center gap-3 text-sm print:hidden"
          data-testid="link-receipt-aside"
        >
          <span>This link carries a receipt{claim ? ', set aside for the one you gave' : ''}.</span>
          <Button onClick={() => setNotices({ ...NO_NOTICES, notes: replaceClaim(fromLink) })}>
            Use the receipt in the link
          </Button>
        </p>
      )}
      <DropNotices notices={notices} onUseAsDocument={takeAsDocument} />
      {notKept && (
        <p className="text-sm print:hidden" data-testid="inputs-not-kept">
          This browser did not keep this check for the tab (its storage is turned off or full), so Back will
          not bring it back.
        </p>
      )}
      {fragment && !fragment.ok && (
        <p role="alert" className="text-red-700 print:hidden dark:text-red-300">
          {fragment.message}
        </p>
      )}
      {keptAside && (
        <p
          role="alert"
          className="text-sm text-red-700 print:hidden dark:text-red-300"
          data-testid="kept-document-aside"
        >
          {visibleText(keptAside)}
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
      {!holding && (
        <details
          className="rounded border border-slate-300 print:hidden dark:border-slate-700"
          open={otherWays}
          onToggle={(event) => setOtherWays(event.currentTarget.open)}
        >
          <summary className="cursor-pointer px-4 py-2 font-medium">
            Other ways: paste a receipt or bundle
          </summary>
          <div className="p-4 pt-0">
            <PasteSource onClaim={(value) => setNotices({ ...NO_NOTICES, notes: holdClaim(value) })} />
          </div>
        </details>
      )}
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
        <div className="flex flex-wrap items-center gap-2 text-sm print:hidden">
          {/* The label and a receipt's service are untrusted text. */}
          <span data-testid="verifying" className="min-w-0 basis-full">
            {verifyingWords(claim.value.label, service, consented)}
          </span>
          <Button
            onClick={() => {
              setClaim(null);
              setNotices(NO_NOTICES);
              hashing.reset();
            }}
          >
            {leafHex ? 'Back to the leaf in the link' : 'Clear'}
          </Button>
          {/* Held: the leaf lookup folds away, so the verdict keeps the first screen. */}
          <details className="min-w-0 flex-1 rounded border border-slate-300 dark:border-slate-700">
            <summary className="cursor-pointer px-3 py-1 font-medium">Check a leaf instead</summary>
            {leafSource}
          </details>
        </div>
      )}
      {service.kind === 'named' && !consented && (claim !== null || leafHex !== null) && (
        <AskNamedService
          url={service.url}
          by={service.by}
          configured={configured}
          onAsk={() => setConsentedTo(service.url)}
        />
      )}
      <div ref={resultRef}>
        {verification.isFetching && !verification.data && <p aria-live="polite">Verifying…</p>}
        {verification.isError && (
          <ErrorNotice error={verification.error} title="The verification could not be completed" />
        )}
        {verification.data?.kind === 'unknown-leaf' && (
          <p role="alert" className="rounded border border-slate-400 p-4">
            {visibleText(service.kind === 'none' ? '' : service.url)} has no such leaf, so there is no proof
            to verify.{' '}
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
            chosenService={configured}
            link={claim?.value.fromLink ? link : null}
            onCheckAgain={verification.checkAgain}
            checking={verification.isFetching}
            blockHash={givenBlockHash}
            blockHashKept={blockHashKept}
            onBlockHash={(hex) =>
              setBlockHash({ claimId: claim?.id ?? null, leafHex: claim ? null : leafHex, hex })
            }
          />
        )}
      </div>
      <p className="text-sm print:hidden">
        Only want to know whether a leaf is anchored yet?{' '}
        <Link className="underline" to={PATHS.leaf}>
          Check whether a leaf is anchored
        </Link>
        .
      </p>
    </Page>
  );
}
