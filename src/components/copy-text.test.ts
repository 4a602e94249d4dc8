import { describe, expect, it } from 'vitest';
import { copyText } from './copy-text';

describe('copyText', () => {
  it('writes to the clipboard it is given', async () => {
    const written: string[] = [];
    await copyText('zap1_trial_abc', { writeText: async (t) => void written.push(t) });
    expect(written).toEqual(['zap1_trial_abc']);
  });

  it('rejects instead of throwing when there is no clipboard (plain HTTP)', async () => {
    await expect(copyText('zap1_trial_abc', undefined)).rejects.toThrow(/No clipboard/);
  });

  it('rejects when the browser refuses the write', async () => {
    await expect(copyText('x', { writeText: () => Promise.reject(new Error('denied')) })).rejects.toThrow(
      'denied',
    );
  });
});
