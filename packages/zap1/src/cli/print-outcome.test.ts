import { describe, expect, it } from 'vitest';
import { terminalSafeJson, visibleLines } from './print-outcome.js';

describe('terminal-safe output', () => {
  const hostile = 'a\u001b[2Kb\u009b2J\u202Efdp.exe\u2028\u{E0041}\u200B ok ünïcödé 漢字 👍';

  it('JSON keeps the data but writes no character a terminal would act on or hide', () => {
    const json = terminalSafeJson({ detail: hostile, n: 1 });
    expect(JSON.parse(json)).toEqual({ detail: hostile, n: 1 });
    for (const char of ['\u001b', '\u009b', '\u202E', '\u2028', '\u200B', '\u{E0041}']) {
      expect(json).not.toContain(char);
    }
    expect(json).toContain('\\u009b2J\\u202efdp.exe\\u2028\\udb40\\udc41\\u200b ok ünïcödé 漢字 👍');
  });

  it('text shows them as <U+XXXX>, a newline inside a value included', () => {
    expect(visibleLines(['x: ' + hostile, 'line\ntwo'])).toBe(
      'x: a<U+001B>[2Kb<U+009B>2J<U+202E>fdp.exe<U+2028><U+E0041><U+200B> ok ünïcödé 漢字 👍\nline<U+000A>two',
    );
  });
});
