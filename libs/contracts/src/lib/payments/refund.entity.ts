import type { CurrencyCode, Notes } from '../api-values';
export type RefundStatus = 'pending' | 'processed' | 'failed';

/** The speeds a refund can be asked for: `normal` (the default) or `optimum` (instant). */
export const REFUND_SPEEDS = ['normal', 'optimum'] as const;
export type RefundSpeed = (typeof REFUND_SPEEDS)[number];

/** A refund as the API shows it (`entity: "refund"`). */
export interface RefundEntity {
  /** @example "rfnd_1Aa00000000001" */
  id: string;
  entity: 'refund';
  /**
   * In the smallest currency unit.
   *
   * @example 10000
   */
  amount: number;
  /** The payment's currency. */
  currency: CurrencyCode;
  /** @example "pay_1Aa00000000001" */
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: {
    /**
     * The 23-digit acquirer reference number the customer can trace the refund with: set when the
     * refund is processed, null while pending.
     */
    arn: string | null;
  };
  /** Unix seconds */
  created_at: number;
  /** Batch refunds are not supported: always null. */
  batch_id: string | null;
  /**
   * `pending`, then `processed` when the bank has the money: at once for `optimum` speed, 5 days
   * after creation for `normal` speed, on the account's clock (in test mode POST
   * /v1/simulator/clock/advance moves it).
   */
  status: RefundStatus;
  /**
   * As asked for; `optimum` for the automatic refund of a payment not captured within its 3-day
   * capture window.
   */
  speed_requested: RefundSpeed;
  /** null while pending; `instant` for optimum refunds, `normal` for normal ones. */
  speed_processed: 'normal' | 'instant' | null;
}
