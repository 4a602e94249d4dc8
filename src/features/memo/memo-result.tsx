import { HashLink } from '../../components/hash-link';
import { DataTable } from '../../components/data-table';
import { countWords, formatNumber } from '../../components/number-words';
import { visibleText, type DecodedMemo } from 'zap1';
import { formatName, hexRows, splitPadding } from './memo-input';

/**
 * A text memo line by line: its line breaks stay breaks (the block wraps them), every other hidden or
 * reordering character is shown; a bidi override cannot reach past its line's end in any case.
 */
function visibleLines(text: string): string {
  return text.split('\n').map(visibleText).join('\n');
}

/**
 * What the memo is; text is rendered as text (React escapes it), never as HTML, and with visibleText:
 * a memo is anyone's bytes, and a bidi override or an invisible character would change what it reads as.
 */
export function MemoResult({ memo }: { memo: DecodedMemo }) {
  return (
    <div className="space-y-2">
      <p>
        Kind: <strong data-testid="memo-kind">{formatName(memo)}</strong>{' '}
        <span className="font-mono text-sm text-slate-700 dark:text-slate-300">({memo.format})</span>
      </p>
      {memo.format === 'text' && (
        <div>
          <h3 className="font-medium">Text</h3>
          <pre className="whitespace-pre-wrap break-words rounded border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
            {visibleLines(memo.text)}
          </pre>
        </div>
      )}
      {(memo.format === 'zap1' || memo.format === 'nsm1') && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="font-medium">Protocol</dt>
          <dd>{memo.protocol}</dd>
          <dt className="font-medium">Event type</dt>
          <dd>
            {memo.event_label} <span className="font-mono">({memo.event_type})</span>
          </dd>
          <dt className="font-medium">
            {memo.event_type === '0x09' ? 'Merkle root' : 'Payload hash (leaf)'}
          </dt>
          <dd className="font-mono break-all">
            <HashLink to={memo.event_type === '0x09' ? 'root' : 'leaf'} hash={memo.payload_hash} full />
          </dd>
        </dl>
      )}
      {memo.format === 'zip302' && (
        <div className="space-y-1">
          <h3 className="font-medium">ZIP 302 parts</h3>
          <DataTable
            testId="zip302-parts"
            caption="ZIP 302 parts"
            rows={memo.parts.map((part, i) => ({ part, n: i + 1 }))}
            rowKey={({ n }) => String(n)}
            columns={[
              { header: '#', cell: ({ n }) => n },
              { header: 'Part type', cell: ({ part }) => part.part_type },
              { header: 'Version', cell: ({ part }) => part.version },
              {
                header: 'Value (hex)',
                className: 'font-mono break-all',
                cell: ({ part }) => part.value_hex || '(empty)',
              },
              {
                header: 'Value (UTF-8)',
                className: '[overflow-wrap:anywhere]',
                cell: ({ part }) =>
                  part.value_utf8 === null ? <em>not UTF-8</em> : visibleText(part.value_utf8),
              },
            ]}
          />
        </div>
      )}
      {memo.format === 'binary' && (
        <p>{countWords(memo.length, 'byte', 'bytes')} of binary data after the 0xFF marker.</p>
      )}
      {memo.format === 'empty' && <p>The memo carries nothing (no bytes, or only zero padding).</p>}
      {memo.format === 'unknown' && (
        <p>
          First byte <span className="font-mono">{memo.first_byte}</span>,{' '}
          {countWords(memo.length, 'byte', 'bytes')}: not text, and not a format this decoder knows.
        </p>
      )}
    </div>
  );
}

/** The bytes, 16 per row; the zero padding of a memo field is summarised in one line. */
export function HexView({ bytes }: { bytes: Uint8Array }) {
  const { content, paddingBytes } = splitPadding(bytes);
  const rows = hexRows(content);
  return (
    <figure className="space-y-1">
      <figcaption className="font-medium">Bytes ({formatNumber(bytes.length)})</figcaption>
      <div className="overflow-x-auto rounded border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
        <pre className="font-mono text-xs leading-5" data-testid="hex-view">
          {rows.map((row) => `${row.offset}  ${row.hex.padEnd(47)}  ${row.ascii}`).join('\n')}
          {paddingBytes > 0 &&
            `${rows.length > 0 ? '\n' : ''}…  ${formatNumber(paddingBytes)} zero bytes of padding`}
          {bytes.length === 0 && '(no bytes)'}
        </pre>
      </div>
    </figure>
  );
}
