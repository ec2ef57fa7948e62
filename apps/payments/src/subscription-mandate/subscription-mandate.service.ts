import { Injectable } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { TEST_KEYS_ONLY } from '../common/test-mode';
import type { DeclinedChargesResponse } from './dtos/declined-charges.response';
import { setDeclines } from './subscription-mandate';

/**
 * The mandate use case of the API: test mode's simulated bank declines a subscription's next charges.
 * (Opening a mandate is openMandate, run by `subscription.created` or by a payment that asked billing.)
 */
@Injectable()
export class SubscriptionMandateService {
  constructor(private readonly database: Database) {}

  /** The next `count` automatic charges are declined (to exercise retries and halting). */
  async declineCharges(
    caller: RequestContext,
    subscriptionId: string,
    count: number,
  ): Promise<DeclinedChargesResponse> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    if (!(await setDeclines(this.database, caller, subscriptionId, count))) throw new NotFound();
    return { subscription_id: subscriptionId, declines_remaining: count };
  }
}
