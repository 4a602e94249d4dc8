/**
 * A contract's SHA-256 as people paste it: the bare digest, or what a tool printed around it. The
 * service compares lowercase hex exactly (docs/architecture.md "POST /event"), so whatever was
 * pasted becomes 64 lowercase hex digits, and the page says what it took and what it left out.
 */
import { visibleText } from 'zap1';

export type PastedSha256 =
  | {
      ok: true;
      /** 64 lowercase hex digits. */
      hex: string;
      /** The tool's line it came from: sha256sum's, or a tagged one (`SHA256 (name) = digest`). */
      line: 'sha256sum' | 'tagged' | null;
      /** The file named by that line (its last path segment), or null. */
      fileName: string | null;
      /** What was left out or changed to get `hex`, for the help line. */
      prefixed: boolean;
      spaced: boolean;
      lowercased: boolean;
    }
  | { ok: false; empty: boolean; message: string };

/** What the field takes, said in every refusal. */
const EXPECTED =
  'Expected 64 hex digits (0-9, a-f), alone, after "sha256:", or sha256sum\'s whole line ("<digest>  contract.pdf") or its tagged line ("SHA256 (contract.pdf) = <digest>").';

/** The help line before anything usable is pasted. */
export const PASTE_HELP =
  '64 hex digits, e.g. sha256sum\'s line as it prints it ("<digest>  contract.pdf"). A "sha256:" prefix, uppercase and spaces are fine.';

/** Lengths of other digests people may have at hand, named so the refusal says what was pasted. */
const OTHER_DIGESTS: Record<number, string> = { 32: 'an MD5', 40: 'a SHA-1', 128: 'a SHA-512' };

/**
 * sha256sum's line: the digest, a space, then a space (text mode) or `*` (binary mode), then the
 * name. A leading backslash means the name is escaped (`\\`, `\n`, `\r`): coreutils' rule.
 */
const SHA256SUM_LINE = /^(\\?)([0-9a-fA-F]{64}) [ *](.+)$/;
/**
 * The tagged line of `sha256sum --tag` and BSD's `sha256` (`SHA256 (name) = digest`) and of
 * OpenSSL's `dgst -sha256` (`SHA256(name)= digest`, `SHA2-256(name)= digest` from OpenSSL 3). The
 * name runs to the last ") =", so a name with parentheses is whole; a leading backslash, as above.
 */
const TAGGED_LINE = /^(\\?)SHA(?:256|2-256) ?\((.+)\) ?= ?([0-9a-fA-F]{64})$/;
const PREFIX = /^sha256:\s*/i;

function unescapeSha256sumName(name: string): string {
  return name.replace(/\\([\\nr])/g, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : '\\'));
}

/**
 * The name a tool printed, without its folders; null for standard input ("-", and OpenSSL's
 * "stdin" in a tagged line).
 */
function fileNameOf(printed: string, line: 'sha256sum' | 'tagged'): string | null {
  const name = printed.slice(printed.lastIndexOf('/') + 1);
  const stdin = printed === '-' || (line === 'tagged' && printed === 'stdin');
  return name === '' || stdin ? null : name;
}

/** The digest and the name as printed, from sha256sum's line or a tagged one; null for neither. */
function toolLineOf(
  text: string,
): { line: 'sha256sum' | 'tagged'; escaped: boolean; digest: string; printed: string } | null {
  const plain = SHA256SUM_LINE.exec(text);
  if (plain) return { line: 'sha256sum', escaped: plain[1] !== '', digest: plain[2]!, printed: plain[3]! };
  const tagged = TAGGED_LINE.exec(text);
  if (tagged) return { line: 'tagged', escaped: tagged[1] !== '', digest: tagged[3]!, printed: tagged[2]! };
  return null;
}

/** Reads a pasted SHA-256 (bare, `sha256:`-prefixed, space-grouped, any case, or a tool's line). */
export function parsePastedSha256(input: string): PastedSha256 {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, empty: true, message: 'The SHA-256 is empty.' };
  const withoutPrefix = trimmed.replace(PREFIX, '');
  const prefixed = withoutPrefix !== trimmed;
  const digits = withoutPrefix.replace(/\s+/g, '');
  const spaced = digits !== withoutPrefix;
  let hex = digits;
  let fileName: string | null = null;
  let line: 'sha256sum' | 'tagged' | null = null;
  const toolLine = prefixed ? null : toolLineOf(trimmed);
  if (!/^[0-9a-fA-F]{64}$/.test(digits) && toolLine) {
    hex = toolLine.digest;
    line = toolLine.line;
    const printed = toolLine.escaped ? unescapeSha256sumName(toolLine.printed) : toolLine.printed;
    fileName = fileNameOf(printed, toolLine.line);
  } else if (
    (/^[0-9a-fA-F]{64} [ *]/m.test(trimmed) || /^\\?SHA(?:256|2-256) ?\(/m.test(trimmed)) &&
    trimmed.includes('\n')
  ) {
    return {
      ok: false,
      empty: false,
      message: `This holds several lines of sha256sum; paste the line of the one contract. ${EXPECTED}`,
    };
  } else {
    const stray = /[^0-9a-fA-F]/u.exec(digits);
    if (stray) {
      return {
        ok: false,
        empty: false,
        message: `The SHA-256 may contain only the hex digits 0-9 and a-f, and "${visibleText(stray[0])}" is not one. ${EXPECTED}`,
      };
    }
    if (digits.length !== 64) {
      const other = OTHER_DIGESTS[digits.length];
      return {
        ok: false,
        empty: false,
        message: `The SHA-256 must be 64 hex digits; this has ${digits.length}${other ? ` (the length of ${other}, not a SHA-256)` : ''}. ${EXPECTED}`,
      };
    }
  }
  const lower = hex.toLowerCase();
  return {
    ok: true,
    hex: lower,
    line,
    fileName,
    prefixed,
    spaced: line === null && spaced,
    lowercased: lower !== hex,
  };
}

/** The help line under the field: what a usable paste was read as, or what the field takes. */
export function pastedSha256Help(pasted: PastedSha256): string {
  if (!pasted.ok) return PASTE_HELP;
  const lowercaseWhy =
    'the service records hashes in lowercase only, so the same digest always gives the same leaf';
  const from = pasted.line === 'tagged' ? 'the tagged checksum line' : "sha256sum's line";
  if (pasted.fileName !== null) {
    const name = visibleText(pasted.fileName);
    return `The SHA-256 of ${name}, from ${from}: ${pasted.hex}. The submission is named after ${name}.`;
  }
  // A line of standard input ("-") or a folder names no file to call the submission after.
  if (pasted.line !== null) return `The SHA-256 from ${from}: ${pasted.hex}.`;
  const changes = [
    pasted.prefixed && 'without the "sha256:" prefix',
    pasted.spaced && 'without the spaces',
  ].filter((change): change is string => change !== false);
  if (changes.length === 0) return pasted.lowercased ? `Lowercased: ${lowercaseWhy}.` : PASTE_HELP;
  if (pasted.lowercased) changes.push(`lowercased (${lowercaseWhy})`);
  return `Read as ${pasted.hex}: ${changes.join(', ')}.`;
}
