/**
 * The Settings page's check of a service base URL. `baseUrlProblem` (src/api/settings.ts) asks the
 * browser's URL parser, and some parsers take what no service can be at: Chromium reads
 * "https://not a url" as a URL (its host escaped as "not%20a%20url"), so the page saved it. The host
 * is checked here as typed: DNS labels (letters, digits, "-", "_"), an IPv4 or a bracketed IPv6
 * address, and an optional port.
 */
import { baseUrlProblem, normaliseBaseUrl } from '../../api/settings';

const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}_-]*[\p{L}\p{N}])?`;
const HOST = new RegExp(String.raw`^(?:\[[0-9a-f:.]+\]|${LABEL}(?:\.${LABEL})*\.?)(?::\d{1,5})?$`, 'iu');

/** An error message for a base URL a user typed, or null when it is usable ('' is this site). */
export function serviceUrlProblem(input: string): string | null {
  const problem = baseUrlProblem(input);
  if (problem !== null) return problem;
  const value = normaliseBaseUrl(input);
  if (value === '') return null;
  // What lies between "scheme://" and the path: the URL parser has accepted the rest.
  const host = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0] ?? '';
  return HOST.test(host)
    ? null
    : `This is not a URL: "${host}" is not a host name. Example: https://zap1.example.org`;
}
