import { Module } from '@nestjs/common';
import { CheckoutPageController } from './checkout-page.controller';

/** What the gateway asks billing to open Checkout from a pay page. */
@Module({ controllers: [CheckoutPageController] })
export class CheckoutPagesModule {}
