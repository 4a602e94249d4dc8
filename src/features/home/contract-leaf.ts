/**
 * The leaf of a contract anchor, computed here from the file's SHA-256 and its serial number: what
 * the search offers when a whole hash matches nothing, since a CONTRACT_ANCHOR leaf commits to the
 * event type and the serial number as well as the file (docs/protocol.md 2), so a file's own
 * SHA-256 is never a leaf.
 */
import { leafHash, validateEvent } from 'zap1';
import { fieldProblemInWords } from '../../components/field-words';

export type ContractLeafResult =
  { ok: true; leafHex: string } | { ok: false; field: 'serial_number' | 'contract_sha256'; message: string };

/**
 * The CONTRACT_ANCHOR leaf of `contractSha256` under `serialNumber`, with the service's own checks
 * (`validateEvent`) in the form's words. The serial is taken as typed: the service never trims it,
 * so neither does this, and a stray space makes another leaf.
 */
export function contractLeaf(contractSha256: string, serialNumber: string): ContractLeafResult {
  if (serialNumber === '') {
    return {
      ok: false,
      field: 'serial_number',
      message: 'Enter the serial number the contract was anchored with, exactly as it was typed.',
    };
  }
  // The wallet is not part of a contract anchor's leaf; any valid pseudonym lets the rest be checked.
  const body = {
    event_type: 'CONTRACT_ANCHOR',
    wallet_hash: 'any',
    serial_number: serialNumber,
    contract_sha256: contractSha256,
  };
  for (const error of validateEvent(body)) {
    if (error.field === 'serial_number' || error.field === 'contract_sha256')
      return { ok: false, field: error.field, message: fieldProblemInWords(error.field, error.message) };
  }
  return { ok: true, leafHex: leafHash(body) };
}
