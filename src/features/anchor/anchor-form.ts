/** The anchor form's rules: the CONTRACT_ANCHOR body, its validation (the service's checks) and its local leaf. */
import { leafHash, validateEvent } from 'zap1';
import { fieldProblemInWords } from '../../components/field-words';

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

export type AnchorFieldErrors = Partial<
  Record<'wallet_hash' | 'serial_number' | 'contract_sha256' | 'form', string>
>;

/** What to do about a field left empty. */
export const MISSING = {
  contract_sha256: 'Choose or drop the contract file, or paste its SHA-256.',
  serial_number: 'Enter a reference for this contract (its serial number).',
  wallet_hash: 'Enter a wallet pseudonym, or press "New pseudonym".',
} as const;

/** Problems per field: validateEvent's checks (the service's), told about the form's fields; empty when the body may be sent. */
export function anchorFormErrors(values: AnchorFormValues): AnchorFieldErrors {
  const errors: AnchorFieldErrors = {};
  // Empty fields get what to do rather than the rule they break.
  if (values.contractSha256 === '') errors.contract_sha256 = MISSING.contract_sha256;
  if (values.serialNumber === '') errors.serial_number = MISSING.serial_number;
  if (values.walletHash === '') errors.wallet_hash = MISSING.wallet_hash;
  for (const error of validateEvent(anchorEventBody(values))) {
    const field =
      error.field === 'wallet_hash' || error.field === 'serial_number' || error.field === 'contract_sha256'
        ? error.field
        : 'form';
    errors[field] ??= fieldProblemInWords(error.field, error.message);
  }
  return errors;
}

/** The leaf the service will record for these values (docs/protocol.md 2.1), or null while they are invalid. */
export function localAnchorLeaf(values: AnchorFormValues): string | null {
  if (Object.keys(anchorFormErrors(values)).length > 0) return null;
  return leafHash(anchorEventBody(values));
}

export type AnchorFormField = 'contract_sha256' | 'serial_number' | 'wallet_hash';

/** The first field with a problem, in the order the form shows them: where focus goes after a failed submit. */
export function firstInvalidField(errors: AnchorFieldErrors): AnchorFormField | null {
  for (const field of ['contract_sha256', 'serial_number', 'wallet_hash'] as const) {
    if (errors[field]) return field;
  }
  return null;
}
