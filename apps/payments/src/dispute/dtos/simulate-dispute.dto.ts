import { IsIn, IsOptional, IsString } from 'class-validator';
import { DISPUTE_PHASES, DISPUTE_REASONS } from '@platform/contracts';
import type { DisputePhase } from '@platform/contracts';
import { IsAmount } from '@platform/http';

/**
 * Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be
 * sent").
 *
 * @example {
 *   "payment_id": "pay_1Aa00000000001",
 *   "amount": 20000,
 *   "reason_code": "product_not_received",
 *   "phase": "chargeback"
 * }
 *
 * @example {"payment_id":"pay_1Aa00000000001"}
 */
// POST /v1/simulator/disputes: a customer's bank disputes a captured payment (test keys only).
export class SimulateDisputeDto {
  /**
   * The captured payment disputed.
   *
   * @example "pay_1Aa00000000001"
   */
  @IsString({ message: 'The payment_id field is required: the captured payment disputed.' })
  payment_id!: string;

  /**
   * Default: all that can still be disputed (captured, and neither refunded nor disputed already);
   * at most that.
   */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;

  /**
   * `product_not_received`: The customer says the goods or service they paid for were not received.
   * `product_unacceptable`: The customer says the goods or service were damaged, defective or not
   * as described. `duplicate_charge`: The customer says they were charged more than once for the
   * same purchase. `credit_not_processed`: The customer says a refund they were promised has not
   * reached them. `fraudulent`: The cardholder says they did not make or authorise this payment.
   * `subscription_canceled`: The customer says they were charged after cancelling a subscription.
   * `general`: The customer questions this payment with their bank.
   *
   * @defaultValue "general"
   */
  @IsOptional()
  @IsIn(Object.keys(DISPUTE_REASONS), {
    message: `The reason_code must be one of ${Object.keys(DISPUTE_REASONS).join(', ')}.`,
  })
  reason_code?: string;

  /**
   * `fraud` and `retrieval` disputes only ask for information: submitting evidence closes them.
   *
   * @defaultValue "chargeback"
   */
  @IsOptional()
  @IsIn(DISPUTE_PHASES, { message: `The phase must be one of ${DISPUTE_PHASES.join(', ')}.` })
  phase?: DisputePhase;
}
