import { describe, expect, it } from 'vitest';
import { serviceUrlProblem } from './service-url';

describe('the service base URL typed in Settings', () => {
  it('accepts host names, addresses and ports, with or without a scheme', () => {
    for (const url of [
      '',
      'zap1.example.org',
      'https://zap1.example.org/',
      'http://127.0.0.1:8080',
      'http://localhost:8080/api',
      'http://[::1]:8080',
      'https://bücher.example',
      'https://my_service.internal',
    ])
      expect(serviceUrlProblem(url), url).toBeNull();
  });

  it('refuses a host with spaces or symbols, whatever the URL parser lets through', () => {
    expect(serviceUrlProblem('not a url')).toMatch(/^This is not a URL/);
    expect(serviceUrlProblem('not*a*url')).toBe(
      'This is not a URL: "not*a*url" is not a host name. Example: https://zap1.example.org',
    );
    expect(serviceUrlProblem('https://not,a,url')).toMatch(/^This is not a URL/);
    expect(serviceUrlProblem('https://-.example')).toMatch(/^This is not a URL/);
  });

  it('keeps the other refusals: another scheme, a query', () => {
    expect(serviceUrlProblem('ftp://zap1.example.org')).toMatch(/http:\/\/ or https:\/\//);
    expect(serviceUrlProblem('https://zap1.example.org/?x=1')).toMatch(/query or fragment/);
  });
});
