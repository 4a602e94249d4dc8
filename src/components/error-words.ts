/**
 * What a failed request says to a person, and whether Settings can help. A service on this page's
 * own origin (the default: the site serves the app and its service) that cannot be reached means
 * the site itself is down, or the device offline: no setting is wrong, so Settings is never
 * suggested then. Another origin that cannot be reached, or an answer that is not a ZAP1 service's,
 * may well be a wrong URL.
 */
import { ApiError } from '../api/client';
import { isCrossOrigin } from '../api/settings';

export interface ErrorWords {
  /** The failure in words (the service's own words where it gave some). */
  message: string;
  /** Whether to send the person to Settings, and with which question. */
  settings: 'none' | 'unreachable' | 'wrong-url';
  /** This page's own site (or the device's connection) is what failed. */
  siteDown: boolean;
}

/** The browser's word on the connection: false only when it knows the device is offline. */
function browserOnline(): boolean {
  return globalThis.navigator?.onLine !== false;
}

export function errorWords(error: unknown, baseUrl: string, online: boolean = browserOnline()): ErrorWords {
  const apiError = error instanceof ApiError ? error : null;
  const raw = error instanceof Error ? error.message : 'Unknown error';
  if (apiError?.isUnreachable && (!online || !isCrossOrigin(baseUrl))) {
    const message = !online
      ? 'This device is offline: neither this site nor its service can be reached until the connection is back.'
      : apiError.code === 'timeout'
        ? 'This site did not answer in time: the server that serves this app and its service is down or overloaded. No setting of yours would change that.'
        : 'This site cannot be reached: the server that serves this app and its service is down or restarting, or the connection to it was lost. No setting of yours would change that.';
    return { message, settings: 'none', siteDown: true };
  }
  if (apiError?.pointsAtSettings) {
    // The link below says it: the message does not say it a second time.
    const message = raw.replace(/\s*Check the service URL in Settings\.?$/, '');
    return { message, settings: apiError.isUnreachable ? 'unreachable' : 'wrong-url', siteDown: false };
  }
  return { message: raw, settings: 'none', siteDown: false };
}
