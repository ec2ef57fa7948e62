import { Controller, Get, Param } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import type { Collection } from '@platform/http';

/**
 * Razorpay's payment downtimes: the methods and banks its acquirers report down, which checkouts read
 * to steer customers elsewhere. The platform's one acquirer (the test bank) is never down, so the list
 * is always empty and no downtime id exists. Served so that `payments.fetchPaymentDowntime()` works and
 * `/v1/payments/downtimes` is never taken for a payment id.
 */
@Controller('v1/payments/downtimes')
export class DowntimeController {
  @Get()
  list(): Collection<never> {
    return { entity: 'collection', count: 0, items: [] };
  }

  @Get(':id')
  fetch(@Param('id') _id: string): never {
    throw new NotFound();
  }
}
