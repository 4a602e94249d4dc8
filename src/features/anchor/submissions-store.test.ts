// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_SAVED_SUBMISSIONS,
  loadSubmissions,
  parseSavedSubmissions,
  removeSubmission,
  replaceSubmissions,
  saveSubmission,
  updateSavedBundle,
  type SavedSubmission,
} from './submissions-store';

function entry(n: number, baseUrl = ''): SavedSubmission {
  const hex = n.toString(16).padStart(64, '0');
  return {
    baseUrl,
    fileName: `contract-${n}.pdf`,
    contractSha256: hex,
    serialNumber: `S-${n}`,
    walletHash: 'anon_1',
    leafHex: hex,
    rootHex: null,
    status: 'created',
    submittedAt: '2026-01-01T00:00:00.000Z',
  };
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('saved submissions', () => {
  it('lists the newest first and survives a reload', () => {
    saveSubmission(entry(1));
    saveSubmission(entry(2));
    expect(loadSubmissions().map((s) => s.serialNumber)).toEqual(['S-2', 'S-1']);
    expect(
      parseSavedSubmissions(localStorage.getItem('zap1.submissions')).map((s) => s.serialNumber),
    ).toEqual(['S-2', 'S-1']);
  });

  it('keeps one entry per leaf and service', () => {
    saveSubmission(entry(1));
    saveSubmission({ ...entry(1), status: 'exists' });
    saveSubmission(entry(1, 'https://other.example'));
    expect(loadSubmissions()).toHaveLength(2);
    expect(loadSubmissions()[1]?.status).toBe('exists');
  });

  it('keeps the latest bundle of a leaf', () => {
    saveSubmission(entry(1));
    updateSavedBundle('', entry(1).leafHex, { anchor: { txid: 'ab', height: 1 } });
    expect(loadSubmissions()[0]?.bundle).toEqual({ anchor: { txid: 'ab', height: 1 } });
  });

  it('forgets an entry', () => {
    saveSubmission(entry(1));
    removeSubmission('', entry(1).leafHex);
    expect(loadSubmissions()).toEqual([]);
  });

  it('keeps at most the bounded number', () => {
    for (let i = 1; i <= MAX_SAVED_SUBMISSIONS + 5; i++) saveSubmission(entry(i));
    expect(loadSubmissions()).toHaveLength(MAX_SAVED_SUBMISSIONS);
    expect(loadSubmissions()[0]?.serialNumber).toBe(`S-${MAX_SAVED_SUBMISSIONS + 5}`);
  });

  it('drops broken entries instead of crashing', () => {
    localStorage.setItem('zap1.submissions', JSON.stringify([{ leafHex: 'nope' }, entry(3)]));
    expect(loadSubmissions().map((s) => s.serialNumber)).toEqual(['S-3']);
    localStorage.setItem('zap1.submissions', '{not json');
    expect(loadSubmissions()).toEqual([]);
  });

  it('reports full storage to an import, and lets a submission go on without its reminder', () => {
    saveSubmission(entry(1));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(replaceSubmissions([entry(2), entry(1)])).toBe(false);
    expect(() => saveSubmission(entry(3))).not.toThrow();
    expect(loadSubmissions().map((s) => s.serialNumber)).toEqual(['S-1']);
    vi.restoreAllMocks();
    expect(replaceSubmissions([entry(2), entry(1)])).toBe(true);
    expect(loadSubmissions().map((s) => s.serialNumber)).toEqual(['S-2', 'S-1']);
  });
});
