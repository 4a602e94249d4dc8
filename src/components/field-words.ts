/**
 * The service's validation messages name wire fields ("serial_number must be 1-512 UTF-8 bytes", the
 * same words as `validateEvent`); the app shows them as sentences about the field the user sees
 * ("Serial number must be 1 to 512 bytes long …"). Server texts stay as they are: this is the app's
 * reading of them.
 */
import { FIELD_SPECS, isEventField } from 'zap1';

/** Labels of the names the service may report that are not event fields. */
const OTHER_LABELS: Readonly<Record<string, string>> = {
  event_type: 'Event type',
  wallet: 'Wallet pseudonym',
  leaf: 'Leaf hash',
  limit: 'Page size',
  before: 'Starting point',
  after: 'Starting point',
  memo: 'Memo',
};

/** What the app calls a field the service names: its label in the forms, else the name itself. */
export function fieldLabel(field: string): string {
  if (isEventField(field)) return FIELD_SPECS[field].label;
  return OTHER_LABELS[field] ?? field;
}

/** The rest of a message (after its field name) as the end of a sentence about the field. */
const PHRASES: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(?:is )?required\.?$/, () => 'is required.'],
  [
    /^must be (\d+)-(\d+) UTF-8 bytes\.?$/,
    (m) => `must be ${m[1]} to ${m[2]} bytes long (a letter beyond plain ASCII takes 2 to 4 bytes).`,
  ],
  [/^must be (\d+)-(\d+) bytes\.?$/, (m) => `must be ${m[1]} to ${m[2]} characters long.`],
  [
    /^must use only ASCII letters, digits, underscore, or hyphen\.?$/,
    () => 'may use only the letters A to Z (either case), digits, underscores (_) and hyphens (-).',
  ],
  [
    /^must not contain control characters\.?$/,
    () => 'must not contain line breaks, tabs or other control characters.',
  ],
  [
    /^must be exactly 64 lowercase hexadecimal characters\.?$/,
    () => 'must be 64 characters of 0-9 and a-f (a SHA-256 written in lowercase hex).',
  ],
  [/^must be an integer\.?$/, () => 'must be a whole number.'],
  [/^must be an integer from (\d+) to (\d+)\.?$/, (m) => `must be a whole number from ${m[1]} to ${m[2]}.`],
  [/^must be a string\.?$/, () => 'must be text.'],
  [/^must be (\d+)-(\d+)\.?$/, (m) => `must be from ${m[1]} to ${m[2]}.`],
  [/^is not a field of POST \/event\.?$/, () => 'is not something an event can carry.'],
];

/**
 * One problem of a field as a sentence about what the user sees: "Serial number must be 1 to 512
 * bytes long …" for `serial_number must be 1-512 UTF-8 bytes`. A message that does not start with
 * the field's name is already the service's own sentence and is kept (with a full stop).
 */
export function fieldProblemInWords(field: string, message: string): string {
  const prefix = [`${field}: `, `${field} `].find((p) => message.startsWith(p));
  if (prefix === undefined) return /[.!?]$/.test(message) ? message : `${message}.`;
  let rest = message.slice(prefix.length).trim();
  // Query checks say `wallet: wallet must be …`: the name once is enough.
  if (rest.startsWith(`${field} `)) rest = rest.slice(field.length + 1);
  const label = fieldLabel(field);
  for (const [pattern, words] of PHRASES) {
    const match = pattern.exec(rest);
    if (match) return `${label} ${words(match)}`;
  }
  return `${label} ${rest}${/[.!?]$/.test(rest) ? '' : '.'}`;
}
