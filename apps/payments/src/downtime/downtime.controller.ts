import { Controller, Get, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { NotFound } from '@platform/domain-kit';
import type { Collection } from '@platform/http';

/** The list of downtimes: always empty. */
type NoDowntimes = Collection<never> & { count: 0; items: [] };

/**
 * Razorpay's payment downtimes: the methods and banks its acquirers report down, which checkouts read
 * to steer customers elsewhere. The platform's one acquirer (the test bank) is never down, so the list
 * is always empty and no downtime id exists. Served so that `payments.fetchPaymentDowntime()` works and
 * `/v1/payments/downtimes` is never taken for a payment id.
 */
@ApiTags('Payments')
@Controller('v1/payments/downtimes')
export class DowntimeController {
  /**
   * List payment downtimes
   *
   * @remarks The methods and banks whose payments fail for now, as Razorpay's acquirers report
   * them. The platform's one acquirer, the test bank, is never down: the list is always
   * empty.
   *
   * @returns No downtimes
   */
  @Get()
  listPaymentDowntimes(): NoDowntimes {
    return { entity: 'collection', count: 0, items: [] };
  }

  /**
   * Fetch a payment downtime
   *
   * @remarks There are no downtimes: every id is answered 400 "The id provided does not exist".
   */
  @ApiParam({
    name: 'id',
    required: true,
    description: 'The downtime id.',
    schema: { type: 'string' },
  })
  @Get(':id')
  fetchPaymentDowntime(@Param('id') _id: string): never {
    throw new NotFound();
  }
}
