/**
 * The Memo page's draft (the input mode, the typed hex or text, a file's name and bytes), kept in
 * this tab's sessionStorage so a trip to another page loses nothing. The page opened plainly
 * (`/memo`) takes the draft up again; a link with a memo (`?hex=`) opens that memo, unless the draft
 * was made from that same link. Storage is user-editable: a draft that does not read is no draft,
 * and kept bytes are parsed again as hex.
 */
import { z } from 'zod';
import { toHex } from 'zap1';
import { MAX_FILE_BYTES, parseMemoHex, type MemoInputMode, type ParsedMemoInput } from './memo-input';
import { readStoredJson, sessionStore, writeStoredJson } from '../../components/tab-storage';

const DRAFT_KEY = 'zap1.memoDraft';

const draftSchema = z.object({
  /** The `?hex=` of the address the draft was made at (null without one). */
  linkHex: z.string().nullable(),
  mode: z.enum(['hex', 'text', 'file']),
  input: z.string(),
  file: z
    .object({
      name: z.string(),
      bytesHex: z
        .string()
        .max(2 * MAX_FILE_BYTES)
        .optional(),
      error: z.string().optional(),
    })
    .nullable(),
});

export interface MemoDraft {
  mode: MemoInputMode;
  input: string;
  file: { name: string; result: ParsedMemoInput } | null;
}

/** The draft to show at an address with `?hex=linkHex` (null: none), or null when there is none. */
export function readMemoDraft(linkHex: string | null, storage = sessionStore()): MemoDraft | null {
  const parsed = draftSchema.safeParse(readStoredJson(DRAFT_KEY, storage));
  if (!parsed.success || (linkHex !== null && parsed.data.linkHex !== linkHex)) return null;
  const { mode, input, file } = parsed.data;
  if (file === null) return { mode, input, file: null };
  const result: ParsedMemoInput | null =
    file.bytesHex !== undefined
      ? parseMemoHex(file.bytesHex)
      : file.error !== undefined
        ? { ok: false, error: file.error }
        : null;
  return { mode, input, file: result && { name: file.name, result } };
}

export function writeMemoDraft(linkHex: string | null, draft: MemoDraft, storage = sessionStore()): void {
  const { file } = draft;
  const kept = {
    linkHex,
    mode: draft.mode,
    input: draft.input,
    file:
      file &&
      (file.result.ok
        ? { name: file.name, bytesHex: toHex(file.result.bytes) }
        : { name: file.name, error: file.result.error }),
  };
  // Full or disabled storage loses only the convenience.
  writeStoredJson(DRAFT_KEY, kept, storage);
}
