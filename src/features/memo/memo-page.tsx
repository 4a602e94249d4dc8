import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { memoDecodeMutationOptions } from '../../api/memo';
import { useBaseUrl } from '../../api/settings';
import { decodeMemo, toHex, visibleText } from 'zap1';
import { ErrorNotice } from '../../components/error-notice';
import {
  compareDecodings,
  fileSizeProblem,
  lengthNotes,
  memoInputIsBlank,
  parseMemoInput,
  type MemoInputMode,
  type ParsedMemoInput,
} from './memo-input';
import { readMemoDraft, writeMemoDraft } from './memo-draft';
import { HexView, MemoResult } from './memo-result';
import { Page } from '../../components/ui/page';
import { RadioChoices } from '../../components/ui/radio-choices';
import { DRAGGING_CLASS, useFileDrop } from '../../components/ui/use-file-drop';

const MODES: readonly { value: MemoInputMode; label: string }[] = [
  { value: 'hex', label: 'Hex' },
  { value: 'text', label: 'Text' },
  { value: 'file', label: 'File of raw bytes' },
];

/** Decodes a Zcash memo in the browser, and on request also on the service, saying whether both agree. */
export function MemoPage() {
  const [params] = useSearchParams();
  const linkHex = params.get('hex');
  // What was typed before a trip to another page (memo-draft.ts); a link's memo otherwise.
  const [draft] = useState(() => readMemoDraft(linkHex));
  const [mode, setMode] = useState<MemoInputMode>(draft?.mode ?? 'hex');
  const [input, setInput] = useState(draft?.input ?? linkHex ?? '');
  const [file, setFile] = useState<{ name: string; result: ParsedMemoInput } | null>(draft?.file ?? null);
  useEffect(() => writeMemoDraft(linkHex, { mode, input, file }), [linkHex, mode, input, file]);
  const baseUrl = useBaseUrl();
  const service = useMutation(memoDecodeMutationOptions(baseUrl));
  const id = useId();

  const blank = mode !== 'file' && memoInputIsBlank(mode, input);
  const parsed: ParsedMemoInput | null =
    mode === 'file' ? (file?.result ?? null) : blank ? null : parseMemoInput(mode, input);
  const bytes = parsed?.ok ? parsed.bytes : null;
  const local = useMemo(() => (bytes ? decodeMemo(bytes) : null), [bytes]);
  const bytesHex = bytes ? toHex(bytes) : null;
  // The service's answer belongs to the bytes it was asked about; editing the input hides it.
  const serviceAnswer = service.data && service.variables === bytesHex ? service.data : null;
  const comparison = local && serviceAnswer ? compareDecodings(local, serviceAnswer) : null;

  const readFile = async (chosen: File | undefined) => {
    service.reset();
    if (!chosen) return setFile(null);
    const problem = fileSizeProblem(chosen.size);
    if (problem) return setFile({ name: chosen.name, result: { ok: false, error: problem } });
    try {
      setFile({ name: chosen.name, result: { ok: true, bytes: new Uint8Array(await chosen.arrayBuffer()) } });
    } catch {
      setFile({ name: chosen.name, result: { ok: false, error: 'The file could not be read.' } });
    }
  };
  const { dragging, dropProps } = useFileDrop(([dropped]) => void readFile(dropped));

  return (
    <Page title="Memo decoder" className="max-w-4xl space-y-5">
      <p>
        Paste a Zcash memo as hex or text, or drop a file of its raw bytes. It is decoded here in your
        browser; the service is asked only if you want.
      </p>

      <fieldset className="space-y-2">
        <legend className="font-medium">Input</legend>
        <RadioChoices
          choices={MODES}
          value={mode}
          onChange={(chosen) => {
            setMode(chosen);
            service.reset();
          }}
        />
        {mode !== 'file' ? (
          <>
            <label htmlFor={`${id}-input`} className="block text-sm">
              {mode === 'hex'
                ? 'Memo bytes as hex (spaces and 0x are ignored)'
                : 'Memo text (encoded as UTF-8)'}
            </label>
            <textarea
              id={`${id}-input`}
              value={input}
              rows={5}
              spellCheck={false}
              onChange={(e) => {
                setInput(e.target.value);
                service.reset();
              }}
              aria-invalid={parsed && !parsed.ok ? true : undefined}
              aria-describedby={parsed && !parsed.ok ? `${id}-error` : undefined}
              className="w-full rounded border border-slate-400 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
            />
          </>
        ) : (
          <div
            {...dropProps}
            className={`rounded border-2 border-dashed p-4 ${dragging ? DRAGGING_CLASS : 'border-slate-400 dark:border-slate-600'}`}
          >
            <label htmlFor={`${id}-file`} className="block">
              Drop a file here, or choose one
            </label>
            <input
              id={`${id}-file`}
              type="file"
              className="mt-2 block text-sm"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
            {file && <p className="mt-1 text-sm">File: {visibleText(file.name)}</p>}
          </div>
        )}
        {parsed && !parsed.ok && (
          <p id={`${id}-error`} role="alert" className="text-red-700 dark:text-red-300">
            {parsed.error}
          </p>
        )}
      </fieldset>

      {blank && (
        <p className="text-slate-700 dark:text-slate-300" data-testid="memo-prompt">
          Type or paste a memo above to decode it.
        </p>
      )}
      {local && bytes && (
        <section
          aria-labelledby={`${id}-result`}
          className="space-y-3 rounded border border-slate-300 p-4 dark:border-slate-700"
        >
          <h2 id={`${id}-result`} className="text-xl font-semibold">
            Decoded in your browser
          </h2>
          {lengthNotes(bytes.length).map((note) => (
            <p key={note} className="text-amber-800 dark:text-amber-300">
              {note}
            </p>
          ))}
          <MemoResult memo={local} />
          <HexView bytes={bytes} />
          <div className="space-y-2">
            <button
              type="button"
              className="rounded border border-slate-500 px-3 py-1.5 disabled:opacity-50"
              disabled={service.isPending || bytesHex === null}
              onClick={() => bytesHex !== null && service.mutate(bytesHex)}
            >
              {service.isPending ? 'Asking the service…' : 'Also decode on the service'}
            </button>
            <div aria-live="polite">
              {service.isError && (
                <ErrorNotice error={service.error} title="The service could not decode this memo" />
              )}
              {comparison && (
                <p
                  data-testid="memo-agreement"
                  className={
                    comparison.agree
                      ? 'font-medium text-emerald-800 dark:text-emerald-300'
                      : 'font-medium text-red-700 dark:text-red-300'
                  }
                >
                  {comparison.agree
                    ? `The service agrees: ${serviceAnswer?.format}.`
                    : `The service disagrees (it says ${serviceAnswer?.format}; different: ${comparison.differences.join(', ')}).`}
                </p>
              )}
            </div>
          </div>
        </section>
      )}
    </Page>
  );
}
