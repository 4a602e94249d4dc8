/** Amounts of ZEC as text, from zatoshi (1 ZEC = 100,000,000 zatoshi), without float rounding. */

const ZAT_PER_ZEC = 100_000_000;

/**
 * `zat` as a ZEC decimal with at most 8 decimals and no trailing zeros ("1", "1.2345", "0.00001"):
 * the form a ZIP-321 `amount` takes, and the one the app shows.
 */
export function zecAmount(zat: number): string {
  const whole = Math.floor(zat / ZAT_PER_ZEC);
  const fraction = String(zat % ZAT_PER_ZEC)
    .padStart(8, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}
