import { Inject, Injectable } from '@nestjs/common';
import type { CustomerEntity } from '@platform/contracts';
import { isIdOf } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import { askOwner } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { PaymentsConfig } from '../payments.config';

const KNOWN = sql(
  'customer-directory.known',
  'SELECT 1 FROM customer_directory WHERE id = $1 AND account_id = $2 AND mode = $3',
);
const CONTACT = sql(
  'customer-directory.contact',
  'SELECT email, contact FROM customer_directory WHERE id = $1 AND account_id = $2 AND mode = $3',
);

/** How a customer is reached, as billing last said. */
export interface CustomerContact {
  email: string | null;
  contact: string | null;
}

/**
 * Is this a customer of the caller's account and mode, and how is it reached? The directory
 * billing's events keep is asked first; a customer it has not heard of yet (its event still in
 * flight) is asked of billing itself, over billing's internal API, so a request never fails because
 * an event has not arrived.
 */
@Injectable()
export class CustomerLookup {
  constructor(
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async exists(caller: RequestContext, customerId: string): Promise<boolean> {
    if (!isIdOf('cust', customerId)) return false;
    if ((await this.database.query(KNOWN, [customerId, caller.accountId, caller.mode])).length > 0)
      return true;
    return (await this.askBilling(caller, customerId)) !== null;
  }

  /** The customer's email and contact; null for no customer of the caller's account and mode. */
  async contactOf(caller: RequestContext, customerId: string): Promise<CustomerContact | null> {
    if (!isIdOf('cust', customerId)) return null;
    const [known] = await this.database.query<CustomerContact>(CONTACT, [
      customerId,
      caller.accountId,
      caller.mode,
    ]);
    if (known) return { email: known.email, contact: known.contact };
    const asked = await this.askBilling(caller, customerId);
    return asked && { email: asked.email, contact: asked.contact };
  }

  private askBilling(caller: RequestContext, customerId: string) {
    const config = this.options.config as PaymentsConfig;
    return askOwner<CustomerEntity>({
      baseUrl: config.BILLING_URL,
      path: `/v1/customers/${customerId}`,
      internalToken: config.INTERNAL_TOKEN,
      caller,
      what: `customer ${customerId}`,
    });
  }
}
