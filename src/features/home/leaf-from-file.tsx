import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { leafPath, PATHS } from '../../app/paths';
import { useBaseUrl } from '../../api/settings';
import { ErrorNotice } from '../../components/error-notice';
import { HashText } from '../../components/hash-text';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Section } from '../../components/ui/section';
import { FIELD_ERROR_CLASS, HELP_CLASS } from '../../components/ui/styles';
import { SuccessNotice } from '../../components/ui/success-notice';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';
import { visibleText } from 'zap1';
import { HashingProgress } from '../anchor/hashing-progress';
import { useFileHash } from '../anchor/use-file-hash';
import { contractLeaf } from './contract-leaf';
import { computedLeafQueryOptions, useSearchProbes } from './use-search';

/** What was computed on the last press, kept with its inputs so a later edit hides a stale answer. */
interface Computed {
  leafHex: string;
  contractSha256: string;
  serialNumber: string;
}

/**
 * Offered when a searched 64-hex value matches nothing: it is most likely a file's SHA-256, which is
 * never a leaf by itself. Computes the contract anchor's leaf from that hash (or a file hashed here)
 * and a serial number, and looks it up; or sends the reader to the Verify page with file and receipt.
 * Offered too when a file's name was searched (`searchedHex` null): then the file itself is asked for.
 */
export function LeafFromFile({ searchedHex }: { searchedHex: string | null }) {
  const id = useId();
  const serialId = `${id}-serial`;
  const fileInputId = `${id}-file`;
  const [serialNumber, setSerialNumber] = useState('');
  const [problem, setProblem] = useState<{
    field: 'serial_number' | 'contract_sha256';
    message: string;
  } | null>(null);
  const [computed, setComputed] = useState<Computed | null>(null);
  const hashing = useFileHash();
  const { dragging, dropProps } = useFileDrop(([file]) => file && hashing.hashFile(file));
  const hashed = hashing.state.status === 'done' ? hashing.state : null;
  const contractSha256 = hashed?.sha256Hex ?? searchedHex;
  const hashHelp = 'Choose or drop it here: it is hashed in this browser, never uploaded.';
  const current =
    computed &&
    contractSha256 !== null &&
    computed.contractSha256 === contractSha256 &&
    computed.serialNumber === serialNumber
      ? computed
      : null;

  return (
    <Section
      title={searchedHex === null ? 'Hash the file to find it' : 'Is this a file’s SHA-256?'}
      className="space-y-3 rounded border border-slate-300 p-4 dark:border-slate-700"
    >
      <p>
        {searchedHex === null
          ? 'Choose the file below: its SHA-256 is computed in this browser. A contract anchor’s leaf is the hash of its event type, its serial number and the file’s SHA-256 together, so enter the serial number it was anchored with to compute its leaf and look that up, or '
          : 'A file’s SHA-256 (what '}
        {searchedHex !== null && (
          <>
            <code>sha256sum</code> prints) is never a leaf by itself: a contract anchor’s leaf is the hash of
            its event type, its serial number and the file’s SHA-256 together, so the same file anchored under
            another serial number is another leaf. Enter the serial number it was anchored with to compute its
            leaf here and look that up, or{' '}
          </>
        )}
        <Link className="underline" to={PATHS.verify}>
          drop the file and its receipt on the Verify page
        </Link>
        .
      </p>
      <form
        noValidate
        className="space-y-3"
        aria-label="Compute a contract anchor’s leaf"
        onSubmit={(event) => {
          event.preventDefault();
          if (contractSha256 === null) {
            setProblem({
              field: 'contract_sha256',
              message: 'Choose the file first: its SHA-256 is what is looked up.',
            });
            setComputed(null);
            return;
          }
          const result = contractLeaf(contractSha256, serialNumber);
          if (!result.ok) {
            setProblem(result);
            setComputed(null);
            if (result.field === 'serial_number') document.getElementById(serialId)?.focus();
            return;
          }
          setProblem(null);
          setComputed({ leafHex: result.leafHex, contractSha256, serialNumber });
        }}
      >
        <div className="space-y-1">
          <p className="font-medium">Contract SHA-256</p>
          {contractSha256 === null ? (
            <p className={HELP_CLASS} data-testid="leaf-from-file-source">
              None yet: choose the file below.
            </p>
          ) : (
            <>
              <p className="rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">
                <HashText
                  value={contractSha256}
                  what="contract SHA-256"
                  full
                  testId="leaf-from-file-sha256"
                />
              </p>
              <p className={HELP_CLASS} data-testid="leaf-from-file-source">
                {hashed
                  ? `Of ${visibleText(hashed.fileName)}, hashed in this browser.`
                  : 'The value you searched for.'}
              </p>
            </>
          )}
          {hashed && searchedHex !== null && hashed.sha256Hex !== searchedHex && (
            <p className="text-sm font-medium">This file’s SHA-256 is not the value you searched for.</p>
          )}
          {problem?.field === 'contract_sha256' && (
            <p role="alert" className={FIELD_ERROR_CLASS}>
              {problem.message}
            </p>
          )}
        </div>
        <div
          {...dropProps}
          data-testid="leaf-from-file-drop"
          className={`space-y-1 rounded border-2 border-dashed p-3 ${dragging ? DRAGGING_CLASS : 'border-slate-400 dark:border-slate-600'}`}
        >
          <label htmlFor={fileInputId} className="block font-medium">
            {searchedHex === null ? 'The file' : 'Or use the file itself'}
          </label>
          <p className={HELP_CLASS}>{hashHelp}</p>
          <input
            id={fileInputId}
            type="file"
            className="block w-full max-w-full text-sm"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) hashing.hashFile(file);
              e.target.value = ''; // choosing the same file again hashes it again
            }}
          />
          <HashingProgress state={hashing.state} onCancel={hashing.cancel} />
          {hashed && searchedHex !== null && (
            <Button onClick={hashing.reset}>Use the searched value instead</Button>
          )}
        </div>
        <TextField
          id={serialId}
          label="Serial number"
          help="Exactly as it was anchored: capitals, spaces and punctuation all change the leaf."
          value={serialNumber}
          onChange={setSerialNumber}
          spellCheck={false}
          error={problem?.field === 'serial_number' ? problem.message : undefined}
        />
        <Button type="submit" variant="primary" disabled={hashing.state.status === 'hashing'}>
          Compute the leaf and look it up
        </Button>
      </form>
      {current && <ComputedLeaf computed={current} fileName={hashed ? hashed.fileName : null} />}
    </Section>
  );
}

function ComputedLeaf({ computed, fileName }: { computed: Computed; fileName: string | null }) {
  const baseUrl = useBaseUrl();
  const probes = useSearchProbes();
  const found = useQuery(computedLeafQueryOptions(baseUrl, computed.leafHex, probes));
  const what = fileName ? visibleText(fileName) : 'this file';
  const serial = `“${visibleText(computed.serialNumber)}”`;
  if (found.isPending) return <p role="status">Looking up the computed leaf…</p>;
  if (found.isError)
    return <ErrorNotice error={found.error} title="The computed leaf could not be looked up" />;
  if (found.data) {
    return (
      <SuccessNotice testId="computed-leaf-found">
        <p className="font-semibold">
          Found: {what} under serial number {serial} is recorded on this service.
        </p>
        <p className="text-sm">
          Its leaf: <HashText value={computed.leafHex} what="leaf hash" full />
        </p>
        <p>
          <Link className="font-medium underline" to={leafPath(computed.leafHex)}>
            Open the leaf: whether, when and where it was anchored
          </Link>
        </p>
      </SuccessNotice>
    );
  }
  return (
    <div
      role="status"
      data-testid="computed-leaf-missing"
      className="space-y-2 rounded border border-slate-400 p-4"
    >
      <p className="font-semibold">
        No contract anchor of {what} under serial number {serial} is on this service.
      </p>
      <p className="text-sm">
        Its leaf would be <HashText value={computed.leafHex} what="computed leaf hash" full />. Check the
        serial number character by character (the receipt names it), that this is the exact file that was
        anchored, and that it was anchored on this service; or{' '}
        <Link className="underline" to={PATHS.verify}>
          drop the file and its receipt on the Verify page
        </Link>
        .
      </p>
    </div>
  );
}
