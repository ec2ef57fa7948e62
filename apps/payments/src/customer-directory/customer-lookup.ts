import { Inject, Injectable } from '@nestjs/common';
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

/**
 * Is this a customer of the caller's account and mode? The directory billing's events keep is asked
 * first; a customer it has not heard of yet (its event still in flight) is asked of billing itself,
 * over billing's internal API, so a request never fails because an event has not arrived.
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
    const config = this.options.config as PaymentsConfig;
    const path = `/v1/customers/${customerId}`;
    return (
      (await askOwner({
        baseUrl: config.BILLING_URL,
        path,
        internalToken: config.INTERNAL_TOKEN,
        caller,
        what: `customer ${customerId}`,
      })) !== null
    );
  }
}
