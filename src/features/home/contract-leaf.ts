/**
 * The leaf of a contract anchor (docs/protocol.md 2.1), computed in this browser from the contract's
 * SHA-256 and its serial number with the protocol library's checks. The one place the app does so:
 * the Anchor form's local leaf, the search's "compute the leaf from the file", and the check of
 * imported submissions all come here. A CONTRACT_ANCHOR leaf commits to the event type and the
 * serial number as well as the file, so a file's own SHA-256 is never a leaf.
 */
import { leafHash, validateEvent } from 'zap1';
import { fieldProblemInWords } from '../../components/field-words';

export interface ContractAnchorValues {
  /** 64 lowercase hex. */
  contractSha256: string;
  /** Taken as typed: the service never trims it, so neither does this, and a stray space makes another leaf. */
  serialNumber: string;
  /** The wallet pseudonym, checked when given; the leaf does not commit to it, so it may be left out. */
  walletHash?: string;
}

export type ContractAnchorField = 'contract_sha256' | 'serial_number' | 'wallet_hash';
/** Problems per field, in the form's words ('form' for anything else the service would refuse). */
export type ContractAnchorProblems = Partial<Record<ContractAnchorField | 'form', string>>;

export type ContractAnchorLeaf =
  { ok: true; leafHex: string } | { ok: false; problems: ContractAnchorProblems };

const isContractAnchorField = (field: string): field is ContractAnchorField =>
  field === 'contract_sha256' || field === 'serial_number' || field === 'wallet_hash';

/** The leaf the service records for these values, or what it would refuse in them (`validateEvent`). */
export function contractAnchorLeaf(values: ContractAnchorValues): ContractAnchorLeaf {
  const body = {
    event_type: 'CONTRACT_ANCHOR',
    serial_number: values.serialNumber,
    contract_sha256: values.contractSha256,
    ...(values.walletHash === undefined ? {} : { wallet_hash: values.walletHash }),
  };
  const problems: ContractAnchorProblems = {};
  for (const error of validateEvent(body)) {
    // Without a wallet, its absence is the only thing said about it, and the leaf does not need it.
    if (error.field === 'wallet_hash' && values.walletHash === undefined) continue;
    problems[isContractAnchorField(error.field) ? error.field : 'form'] ??= fieldProblemInWords(
      error.field,
      error.message,
    );
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, leafHex: leafHash(body) };
}

export type ContractLeafResult =
  { ok: true; leafHex: string } | { ok: false; field: 'serial_number' | 'contract_sha256'; message: string };

/**
 * The search's question: the leaf of `contractSha256` under `serialNumber` (no wallet), or the first
 * problem, an empty serial asked for in the search's words.
 */
export function contractLeaf(contractSha256: string, serialNumber: string): ContractLeafResult {
  if (serialNumber === '') {
    return {
      ok: false,
      field: 'serial_number',
      message: 'Enter the serial number the contract was anchored with, exactly as it was typed.',
    };
  }
  const result = contractAnchorLeaf({ contractSha256, serialNumber });
  if (result.ok) return result;
  for (const field of ['contract_sha256', 'serial_number'] as const) {
    const message = result.problems[field];
    if (message !== undefined) return { ok: false, field, message };
  }
  // Not reached: without a wallet, validateEvent speaks only of these two fields.
  return { ok: false, field: 'serial_number', message: result.problems.form ?? 'This cannot be anchored.' };
}
