import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, visibleText } from './display-text.js';

describe('visibleText', () => {
  it('shows a right-to-left override instead of obeying it', () => {
    expect(visibleText('invoice_\u202Efdp.exe')).toBe('invoice_<U+202E>fdp.exe');
    expect(visibleText('a\u2066b\u2069c\u200Fd')).toBe('a<U+2066>b<U+2069>c<U+200F>d');
  });

  it('shows terminal escapes and other controls, so printed lines cannot be rewritten', () => {
    expect(visibleText('\u001b[1A\u001b[2K\u001b[32mANCHORED\u001b[8m')).toBe(
      '<U+001B>[1A<U+001B>[2K<U+001B>[32mANCHORED<U+001B>[8m',
    );
    expect(visibleText('line\nnext\r\u0007\u009b')).toBe('line<U+000A>next<U+000D><U+0007><U+009B>');
    expect(visibleText('zero\u200Bwidth\uFEFF tag\u{E0041}')).toBe('zero<U+200B>width<U+FEFF> tag<U+E0041>');
  });

  it('leaves ordinary text of any script, spaces and emoji alone', () => {
    for (const text of ['contract 2026.pdf', 'Vertrag für Müller', 'عقد.pdf', '契約書', '👩‍💻 ok']) {
      expect(visibleText(text)).toBe(text);
      expect(hasHiddenCharacters(text)).toBe(false);
    }
  });

  it('leaves nothing hidden whatever the input, and loses nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = visibleText(text);
        expect(hasHiddenCharacters(shown)).toBe(false);
        // Each replaced character comes back from its <U+XXXX>.
        const back = shown.replace(/<U\+([0-9A-F]{4,6})>/g, (_, hex: string) =>
          String.fromCodePoint(parseInt(hex, 16)),
        );
        expect(back).toBe(
          text.replace(/<U\+([0-9A-F]{4,6})>/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))),
        );
      }),
    );
  });
});
