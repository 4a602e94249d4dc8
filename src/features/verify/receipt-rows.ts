/**
 * A receipt's contents sorted by whose word they are (security review, finding 1). The leaf commits
 * to the event type and the fields of its type's preimage: those, once the event check has passed,
 * are proven. Everything else a receipt carries (a wallet its type does not hash, the file's name and
 * size, the service, the time it was made, any field someone added) is only the receipt's statement.
 * Every value is receipt text, so it is shown with `visibleText`.
 */
import {
  FIELD_SPECS,
  eventTypeName,
  isEventField,
  isEventType,
  provenReceiptFields,
  visibleText,
  type Receipt,
  type VerdictCheck,
} from 'zap1';
import { formatDateTime } from '../../components/time-format';
import { formatNumber } from '../../components/number-words';

export interface ReceiptRow {
  /** Unique among the rows (`event.serial_number`, `file.name`, …). */
  key: string;
  label: string;
  /** The value as shown: hidden and reordering characters written out as `<U+XXXX>`. */
  value: string;
  /** A 64-hex hash field, written out in full with a Copy button. */
  hash: boolean;
}

/** Any receipt value as text a person can read without being misled by it. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return visibleText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return visibleText(JSON.stringify(value) ?? String(value));
}

function fieldLabel(field: string): string {
  if (field === 'event_type') return 'Event type';
  if (field === 'timestamp') return 'Timestamp';
  return isEventField(field) ? FIELD_SPECS[field].label : visibleText(field);
}

function eventRow(field: string, value: unknown): ReceiptRow {
  const shown =
    field === 'event_type' && isEventType(value) ? `${eventTypeName(value)} (${value})` : shownValue(value);
  return {
    key: `event.${field}`,
    label: fieldLabel(field),
    value: shown,
    hash: isEventField(field) && FIELD_SPECS[field].kind === 'hash' && /^[0-9a-f]{64}$/.test(shown),
  };
}

/** Whether the receipt's event is proven: its fields hash to its leaf, and it holds no others. */
export function eventProven(checks: readonly VerdictCheck[]): boolean {
  return checks.some((check) => check.name === 'event' && check.status === 'pass');
}

/**
 * What the leaf proves, in preimage order: nothing unless the event check passed. A file checked
 * here is added only when its check passed (its SHA-256 is the proven contract hash); one `restored`
 * (its digest kept from earlier in this tab) is named as such, since it was not read again.
 */
export function provenRows(
  receipt: Receipt,
  checks: readonly VerdictCheck[],
  file: { name: string; restored?: boolean } | null,
): ReceiptRow[] {
  if (!eventProven(checks)) return [];
  const rows = provenReceiptFields(receipt).map(([field, value]) => eventRow(field, value));
  if (file && checks.some((check) => check.name === 'file' && check.status === 'pass')) {
    rows.push({
      key: 'file.checked',
      label: file.restored ? 'File hashed earlier in this tab (not read again)' : 'File checked here',
      value: visibleText(file.name),
      hash: false,
    });
  }
  return rows;
}

/** Everything else the receipt says: event fields its leaf does not prove, its file, service and time. */
export function statedRows(receipt: Receipt, checks: readonly VerdictCheck[]): ReceiptRow[] {
  const proven = new Set(
    eventProven(checks) ? provenReceiptFields(receipt).map(([field]) => `event.${field}`) : [],
  );
  const rows = Object.entries(receipt.event)
    .map(([field, value]) => eventRow(field, value))
    .filter((row) => !proven.has(row.key));
  const text = (key: string, label: string, value: string): ReceiptRow => ({
    key,
    label,
    value: visibleText(value),
    hash: false,
  });
  if (receipt.file) {
    rows.push(
      text('file.name', 'File name', receipt.file.name),
      text('file.size', 'File size', `${formatNumber(receipt.file.size)} bytes`),
    );
  }
  rows.push(text('service.url', 'Service', receipt.service.url));
  if (receipt.service.network !== null)
    rows.push(text('service.network', 'Network', receipt.service.network));
  // One date form on the page: a time that does not read as one is shown as it was written.
  const made = Date.parse(receipt.created_at);
  rows.push(
    text(
      'created_at',
      'Receipt made',
      Number.isNaN(made) ? receipt.created_at : formatDateTime(new Date(made)),
    ),
  );
  return rows;
}
