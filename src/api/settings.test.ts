// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { assumesHttps, baseUrlProblem, normaliseBaseUrl } from './settings';

describe('the service base URL a user types', () => {
  it('is trimmed, loses trailing slashes, and gets https:// when no scheme is given', () => {
    expect(normaliseBaseUrl('  zap1.example.org/ ')).toBe('https://zap1.example.org');
    expect(normaliseBaseUrl('http://127.0.0.1:8080//')).toBe('http://127.0.0.1:8080');
    expect(normaliseBaseUrl('')).toBe('');
    expect(assumesHttps('zap1.example.org')).toBe(true);
    expect(assumesHttps('https://zap1.example.org/')).toBe(false);
    expect(assumesHttps('')).toBe(false);
  });

  it('is accepted without a scheme, and refused with another scheme or as no URL at all', () => {
    expect(baseUrlProblem('zap1.example.org')).toBeNull();
    expect(baseUrlProblem('ftp://zap1.example.org')).toMatch(/http:\/\/ or https:\/\//);
    expect(baseUrlProblem('not a url at all')).not.toBeNull();
    expect(baseUrlProblem('https://zap1.example.org/?x=1')).toMatch(/query or fragment/);
  });
});
