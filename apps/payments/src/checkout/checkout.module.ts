import { Module } from '@nestjs/common';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import { CheckoutApiService } from './checkout-api.service';
import { CheckoutPaymentsService } from './checkout-payments.service';
import { CheckoutController } from './checkout.controller';
import { TestBankPageController } from './test-bank-page.controller';
import { TestBankPagesService } from './test-bank-pages.service';

/** The customer's side of payments: the checkout API, the test bank's pages and the service they share. */
@Module({
  controllers: [CheckoutController, TestBankPageController],
  providers: [
    CheckoutPaymentsService,
    CheckoutApiService,
    TestBankPagesService,
    InvoiceOrderLookup,
    MandateLookup,
    CustomerLookup,
  ],
  exports: [CheckoutPaymentsService],
})
export class CheckoutModule {}
