/**
 * The document's line in the verdict box, and what the service says of a leaf whose receipt's anchor
 * failed (receipt altered, or never anchored). File names come from receipts: shown with `visibleText`.
 */
import { visibleText } from 'zap1';
import { BUTTON_CLASS } from '../../components/ui/styles';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';
import { blockWords, hashedWhere, type DocumentStatus } from './document-status';
import type { ServiceProof } from './use-verification';

/** The document's status, in the verdict box: matched (hashed here, or earlier in this tab), not provided, mismatch, not checked, or outside the proof. */
export function DocumentLine({
  status,
  onChooseDocument,
  onFiles,
}: {
  status: DocumentStatus;
  onChooseDocument: () => void;
  onFiles: (files: File[]) => void;
}) {
  // The document can be dropped right here, where the page asks for it.
  const { dragging, dropProps } = useFileDrop(onFiles);
  if (status.kind === 'none') return null;
  const name = status.kind === 'not-provided' ? status.statedName : status.name;
  const shown = name === null ? null : visibleText(name);
  const hashed = `${shown} was ${hashedWhere('restored' in status && status.restored)}`;
  // A digest kept from earlier in this tab matches; the file itself was not read again.
  const readAgain =
    'restored' in status && status.restored ? ` Drop ${shown} again to check the file itself.` : '';
  return (
    <div
      className={`space-y-1 rounded ${dragging ? DRAGGING_CLASS : ''}`}
      data-testid="document-status"
      data-document={status.kind}
      {...(status.kind === 'not-provided' ? dropProps : {})}
    >
      <p>
        <span className="font-medium">Document:</span>{' '}
        {status.kind === 'matched' &&
          (status.basis === 'receipt'
            ? `✓ matched: ${hashed}, and its SHA-256 is the contract hash the leaf commits to.${readAgain}`
            : `✓ matched: ${hashed}, and its SHA-256 is the one in the link. Only the receipt (with its serial number) proves that the leaf commits to it.${readAgain}`)}
        {status.kind === 'mismatch' &&
          `✗ mismatch: ${hashed}, and it is not the ${status.basis === 'link' ? 'document the link names' : 'document the receipt names'}.`}
        {status.kind === 'not-provided' &&
          `not provided: only the ${status.basis === 'link' ? 'leaf' : 'receipt'} was checked, not the document itself.`}
        {status.kind === 'unchecked' &&
          (status.reason === 'bundle'
            ? `not checked: ${hashed}, but a bare proof bundle names no document to compare it with. Drop it with its receipt to check it.`
            : `not checked: ${hashed}, but the receipt's event failed its check, so the contract hash it names is not proven: nothing shows whether ${shown} is the document the leaf commits to.`)}
        {status.kind === 'outside' &&
          `not part of this proof: the leaf commits to no file, so nothing about ${shown} was checked.`}
      </p>
      {status.kind === 'not-provided' && (
        <button
          type="button"
          className={`${BUTTON_CLASS} bg-white dark:bg-slate-900`}
          onClick={onChooseDocument}
        >
          {shown ? `Drop ${shown} to check it` : 'Drop the document to check it'}
        </button>
      )}
    </div>
  );
}

/** Whether the service holds a valid proof of the same leaf: the receipt was altered, or the anchor never made. */
export function ServiceProofNote({ proof, service }: { proof: ServiceProof; service: string }) {
  const text =
    proof.kind === 'anchored'
      ? `Receipt altered: ${service} holds a valid proof of this same leaf, anchored in transaction ${proof.txid}${proof.height === null ? '' : ` at ${blockWords(proof.height)}`}. What failed is the receipt's copy, edited after it was issued; ask for the original, or fetch the service's proof.`
      : proof.kind === 'pending'
        ? `Never anchored yet: ${service} knows this leaf but has not anchored it, so the anchor this receipt claims was never made.`
        : proof.kind === 'none'
          ? `Never anchored: ${service} holds no valid proof of this leaf, so the anchor this receipt claims was never made by it.`
          : `Whether ${service} holds a valid proof of this leaf is not known: ${visibleText(proof.reason)}`;
  return (
    <p
      className="rounded border border-current p-2 text-sm"
      data-testid="service-proof"
      data-service-proof={proof.kind}
    >
      {text}
    </p>
  );
}
