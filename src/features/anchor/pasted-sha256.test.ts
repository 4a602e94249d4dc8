import { describe, expect, it } from 'vitest';
import { parsePastedSha256, pastedSha256Help, PASTE_HELP } from './pasted-sha256';

const HEX = 'b5584c5ad2a1a8c6e2f4d7b93e0a1f6c8d2e4b7a9c0f1e3d5b7a9c2e4f60bd00';

describe('parsePastedSha256', () => {
  it('takes the digest from sha256sum’s line, with the file it names (folders left out)', () => {
    expect(parsePastedSha256(`${HEX}  contract.pdf`)).toMatchObject({
      ok: true,
      hex: HEX,
      fileName: 'contract.pdf',
    });
    expect(parsePastedSha256(`${HEX} *scans/contract.pdf\n`)).toMatchObject({
      hex: HEX,
      fileName: 'contract.pdf',
    });
    // coreutils escapes a name holding a backslash or a line break, and marks the line with "\".
    expect(parsePastedSha256(`\\${HEX}  a\\nb.pdf`)).toMatchObject({ hex: HEX, fileName: 'a\nb.pdf' });
    expect(parsePastedSha256(`${HEX}  -`)).toMatchObject({ ok: true, hex: HEX, fileName: null });
  });

  it('takes the tagged lines of sha256sum --tag, BSD sha256 and OpenSSL, with the file they name', () => {
    expect(parsePastedSha256(`SHA256 (scans/contract.pdf) = ${HEX}`)).toMatchObject({
      ok: true,
      hex: HEX,
      line: 'tagged',
      fileName: 'contract.pdf',
    });
    expect(parsePastedSha256(`SHA256(contract.pdf)= ${HEX.toUpperCase()}`)).toMatchObject({
      hex: HEX,
      fileName: 'contract.pdf',
      lowercased: true,
    });
    // OpenSSL 3 names the digest SHA2-256; a name may hold parentheses of its own.
    expect(parsePastedSha256(`SHA2-256(offer (final).pdf)= ${HEX}`)).toMatchObject({
      hex: HEX,
      fileName: 'offer (final).pdf',
    });
    expect(parsePastedSha256(`\\SHA256 (a\\nb.pdf) = ${HEX}`)).toMatchObject({
      hex: HEX,
      fileName: 'a\nb.pdf',
    });
    expect(pastedSha256Help(parsePastedSha256(`SHA256 (contract.pdf) = ${HEX}`))).toBe(
      `The SHA-256 of contract.pdf, from the tagged checksum line: ${HEX}. The submission is named after contract.pdf.`,
    );
    // OpenSSL and sha256sum --tag reading a pipe name standard input, not a file.
    expect(parsePastedSha256(`SHA2-256(stdin)= ${HEX}`)).toMatchObject({ hex: HEX, fileName: null });
    expect(parsePastedSha256(`SHA256 (-) = ${HEX}`)).toMatchObject({ hex: HEX, fileName: null });
    expect(pastedSha256Help(parsePastedSha256(`SHA2-256(stdin)= ${HEX}`))).toBe(
      `The SHA-256 from the tagged checksum line: ${HEX}.`,
    );
    // Another digest's tagged line is not taken for a SHA-256.
    expect(parsePastedSha256(`SHA512 (contract.pdf) = ${HEX}`)).toMatchObject({ ok: false });
    const two = parsePastedSha256(`SHA256 (a.pdf) = ${HEX}\nSHA256 (b.pdf) = ${HEX}`);
    expect(!two.ok && two.message).toMatch(/^This holds several lines of sha256sum/);
  });

  it('takes a "sha256:" prefix in either case, uppercase, and spaces inside the digest', () => {
    expect(parsePastedSha256(`sha256:${HEX}`)).toMatchObject({ ok: true, hex: HEX, prefixed: true });
    expect(parsePastedSha256(`SHA256: ${HEX.toUpperCase()}`)).toMatchObject({
      ok: true,
      hex: HEX,
      prefixed: true,
      lowercased: true,
    });
    const grouped = HEX.match(/.{8}/g)!.join(' ');
    expect(parsePastedSha256(grouped)).toMatchObject({ ok: true, hex: HEX, spaced: true });
    expect(parsePastedSha256(`${HEX.slice(0, 32)}\n${HEX.slice(32)}`)).toMatchObject({ ok: true, hex: HEX });
  });

  it('refuses anything else, saying what it expected', () => {
    const expected = /Expected 64 hex digits \(0-9, a-f\), alone, after "sha256:", or sha256sum's whole line/;
    const stray = parsePastedSha256(`md5:${HEX}`);
    expect(stray).toMatchObject({ ok: false, empty: false });
    expect(!stray.ok && stray.message).toMatch(
      /^The SHA-256 may contain only the hex digits 0-9 and a-f, and "m" is not one\./,
    );
    expect(!stray.ok && stray.message).toMatch(expected);
    const sha1 = parsePastedSha256('a'.repeat(40));
    expect(!sha1.ok && sha1.message).toMatch(
      /^The SHA-256 must be 64 hex digits; this has 40 \(the length of a SHA-1, not a SHA-256\)\./,
    );
    const two = parsePastedSha256(`${HEX}  a.pdf\n${HEX}  b.pdf`);
    expect(!two.ok && two.message).toMatch(
      /^This holds several lines of sha256sum; paste the line of the one contract\./,
    );
    expect(parsePastedSha256('  ')).toMatchObject({ ok: false, empty: true });
  });
});

describe('pastedSha256Help', () => {
  it('says what a paste was read as', () => {
    expect(pastedSha256Help(parsePastedSha256(''))).toBe(PASTE_HELP);
    expect(pastedSha256Help(parsePastedSha256(HEX))).toBe(PASTE_HELP);
    expect(pastedSha256Help(parsePastedSha256(`${HEX}  contract.pdf`))).toBe(
      `The SHA-256 of contract.pdf, from sha256sum's line: ${HEX}. The submission is named after contract.pdf.`,
    );
    // Standard input or a folder names no file; nothing but the line's own spacing was left out.
    for (const line of [`${HEX}  -`, `${HEX}  dir/`]) {
      expect(pastedSha256Help(parsePastedSha256(line))).toBe(`The SHA-256 from sha256sum's line: ${HEX}.`);
    }
    expect(pastedSha256Help(parsePastedSha256(HEX.toUpperCase()))).toMatch(/^Lowercased: /);
    expect(pastedSha256Help(parsePastedSha256(`sha256:${HEX}`))).toBe(
      `Read as ${HEX}: without the "sha256:" prefix.`,
    );
  });
});
