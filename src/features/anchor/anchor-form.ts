/** The anchor form's rules: the CONTRACT_ANCHOR body, what to do about its fields, and its local leaf (home/contract-leaf.ts). */
import { contractAnchorLeaf, type ContractAnchorProblems } from '../home/contract-leaf';
import { EMPTY_FILE_SHA256 } from 'zap1';

export interface AnchorFormValues {
  walletHash: string;
  serialNumber: string;
  /** 64 lowercase hex, or '' while no file was hashed and no digest pasted. */
  contractSha256: string;
}

export type AnchorEventBody = {
  event_type: 'CONTRACT_ANCHOR';
  wallet_hash: string;
  serial_number: string;
  contract_sha256: string;
};

/** The exact `POST /event` body; strings are sent as typed (the service never trims, nor do we). */
export function anchorEventBody(values: AnchorFormValues): AnchorEventBody {
  return {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: values.walletHash,
    serial_number: values.serialNumber,
    contract_sha256: values.contractSha256,
  };
}

export type AnchorFieldErrors = ContractAnchorProblems;

/** What to do about a field left empty. */
export const MISSING = {
  contract_sha256: 'Choose or drop the contract file, or paste its SHA-256.',
  serial_number: 'Enter a reference for this contract (its serial number).',
  wallet_hash: 'Enter a wallet pseudonym, or press "New pseudonym".',
} as const;

/** Said of the empty file's digest, however it got here: the service would accept it, but it proves nothing. */
export const EMPTY_CONTRACT =
  'This is the SHA-256 of an empty file (0 bytes), so there is no document to anchor. Give the contract file, or its own SHA-256.';

/** Problems per field: validateEvent's checks (the service's), told about the form's fields; empty when the body may be sent. */
export function anchorFormErrors(values: AnchorFormValues): AnchorFieldErrors {
  const errors: AnchorFieldErrors = {};
  // Empty fields get what to do rather than the rule they break.
  if (values.contractSha256 === '') errors.contract_sha256 = MISSING.contract_sha256;
  if (values.contractSha256 === EMPTY_FILE_SHA256) errors.contract_sha256 = EMPTY_CONTRACT;
  if (values.serialNumber === '') errors.serial_number = MISSING.serial_number;
  if (values.walletHash === '') errors.wallet_hash = MISSING.wallet_hash;
  const checked = contractAnchorLeaf(values);
  return checked.ok ? errors : { ...checked.problems, ...errors };
}

/** The leaf the service will record for these values (docs/protocol.md 2.1), or null while they are invalid. */
export function localAnchorLeaf(values: AnchorFormValues): string | null {
  const checked = contractAnchorLeaf(values);
  return checked.ok ? checked.leafHex : null;
}

export type AnchorFormField = 'contract_sha256' | 'serial_number' | 'wallet_hash';

/** The first field with a problem, in the order the form shows them: where focus goes after a failed submit. */
export function firstInvalidField(errors: AnchorFieldErrors): AnchorFormField | null {
  for (const field of ['contract_sha256', 'serial_number', 'wallet_hash'] as const) {
    if (errors[field]) return field;
  }
  return null;
}
