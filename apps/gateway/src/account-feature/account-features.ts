import type { Mode } from '@platform/domain-kit';

/** What can be switched per account and mode. `upi_qr`: UPI QR codes (an on-demand feature on Razorpay). */
export const FEATURES = ['upi_qr'] as const;
export type Feature = (typeof FEATURES)[number];

/** Without a row: on in test mode (integrators can try it at once), off in live mode until switched on. */
export const DEFAULT_FEATURES: Record<Mode, readonly Feature[]> = { test: ['upi_qr'], live: [] };

/** The features enabled, given the defaults of the mode and the account's switches. */
export function enabledFeatures(
  mode: Mode,
  switches: readonly { feature: string; enabled: boolean }[],
): Feature[] {
  const on = new Set<string>(DEFAULT_FEATURES[mode]);
  for (const { feature, enabled } of switches) {
    if (enabled) on.add(feature);
    else on.delete(feature);
  }
  return FEATURES.filter((feature) => on.has(feature));
}
