/** Small type guards every part of the project uses on untyped data (JSON, messages, RPC replies). */

/** A 32-byte hash as this project writes it: exactly 64 lowercase hex characters. */
export const HEX64_PATTERN = /^[0-9a-f]{64}$/;

/** Whether `value` is exactly 64 lowercase hex characters (a 32-byte hash as this project writes it). */
export function isHex64(value: unknown): value is string {
  return typeof value === 'string' && HEX64_PATTERN.test(value);
}

/** Whether `value` is a plain JSON-style object (not null, not an array), so its keys can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
