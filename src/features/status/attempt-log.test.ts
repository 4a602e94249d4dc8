import { describe, expect, it } from 'vitest';
import { changeText } from './attempt-log';

describe('changeText', () => {
  it('says what each change of an attempt means, with its txid, height or error', () => {
    const txid = 'ab'.repeat(32);
    expect(changeText({ at: '', state: 'pending', change: 'recorded', detail: null }, 1234)).toBe(
      'Decided to anchor the root of 1,234 leaves',
    );
    expect(changeText({ at: '', state: 'broadcast', change: 'state', detail: txid }, 1)).toBe(
      'Transaction broadcast (ababababab…ababab)',
    );
    expect(changeText({ at: '', state: 'anchored', change: 'state', detail: '4000010' }, 1)).toBe(
      'Anchored at height 4,000,010: memo read back from the chain',
    );
    expect(changeText({ at: '', state: 'broadcast', change: 'error', detail: 'node unreachable' }, 1)).toBe(
      'Error, will retry: node unreachable',
    );
    expect(changeText({ at: '', state: 'failed', change: 'state', detail: 'insufficient funds' }, 1)).toBe(
      'Failed: insufficient funds',
    );
  });
});

describe("an attempt's detail", () => {
  it('is the service text: shown with its hidden characters visible', () => {
    expect(changeText({ at: '', state: 'failed', change: 'error', detail: 'node\u202E down\u200B' }, 1)).toBe(
      'Error, will retry: node<U+202E> down<U+200B>',
    );
  });
});
