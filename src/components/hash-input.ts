/**
 * Pasted 32-byte hashes (leaves, contract digests): the service compares lowercase hex exactly
 * (docs/architecture.md "POST /event"), so the app lowercases what a user pastes and says that it did.
 */

export type Hex64Input =
  { ok: true; hex: string; lowercased: boolean } | { ok: false; empty: boolean; message: string };

/** Normalises a pasted 64-hex hash: surrounding spaces dropped, case lowered (and reported). */
export function normaliseHex64(input: string, name = 'The hash'): Hex64Input {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, empty: true, message: `${name} is empty.` };
  if (!/^[0-9a-fA-F]*$/.test(trimmed)) {
    return { ok: false, empty: false, message: `${name} may contain only the hex digits 0-9 and a-f.` };
  }
  if (trimmed.length !== 64) {
    return {
      ok: false,
      empty: false,
      message: `${name} must be 64 hex characters; this has ${trimmed.length}.`,
    };
  }
  const hex = trimmed.toLowerCase();
  return { ok: true, hex, lowercased: hex !== trimmed };
}
