/** How keys are shown: never in full once the one-time display is gone, and with what is left of them. */
import type { KeyInfo } from '../../api/keys';
import { visibleText } from 'zap1';
import { formatNumber } from '../../components/number-words';

/** The start of a key, enough to recognise it, not to use it. */
export function maskKey(key: string): string {
  const visible = key.startsWith('zap1_trial_') ? 15 : 4;
  return key.length <= visible ? '•'.repeat(key.length) : `${key.slice(0, visible)}…`;
}

export interface KeySummary {
  tierLabel: string;
  quotaLine: string;
  /** "Does not expire." alone, or the word before the expiry time (`expiresAt`) the page shows. */
  expiryLine: string;
  expiresAt: Date | null;
  /** True when the key can no longer write (quota used up or expired). */
  spent: boolean;
}

/** Plain words for `GET /key`. */
export function summariseKeyInfo(info: KeyInfo, now: Date = new Date()): KeySummary {
  // A tier or an expiry this page cannot read is the service's text: shown with visibleText.
  const tierLabel =
    info.tier === 'operator'
      ? 'Operator key'
      : info.tier === 'trial'
        ? 'Trial key'
        : `${visibleText(info.tier)} key`;
  let quotaLine: string;
  let spent = false;
  if (info.quota === null) {
    quotaLine = 'No event quota.';
  } else {
    const used = info.used ?? 0;
    const left = Math.max(0, info.quota - used);
    quotaLine = `${formatNumber(used)} of ${formatNumber(info.quota)} events used, ${formatNumber(left)} left.`;
    spent = left === 0;
  }
  let expiryLine = 'Does not expire.';
  let expiresAt: Date | null = null;
  if (info.expires_at) {
    const at = new Date(info.expires_at);
    if (Number.isNaN(at.getTime())) expiryLine = `Expires ${visibleText(info.expires_at)}.`;
    else {
      expiresAt = at;
      spent ||= at.getTime() <= now.getTime();
      expiryLine = at.getTime() <= now.getTime() ? 'Expired' : 'Expires';
    }
  }
  return { tierLabel, quotaLine, expiryLine, expiresAt, spent };
}
