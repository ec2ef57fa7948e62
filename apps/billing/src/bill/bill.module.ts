import { Module } from '@nestjs/common';
import { BillReceiptController } from './bill-receipt.controller';
import { BillController } from './bill.controller';

/**
 * Bills (digital receipts). No integration events: nothing consumes bills yet, so no outbox
 * messages are written for them (add them here when a consumer appears).
 */
@Module({ controllers: [BillController, BillReceiptController] })
export class BillModule {}
