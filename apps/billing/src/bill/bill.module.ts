import { Module } from '@nestjs/common';
import { BillReceiptController } from './bill-receipt.controller';
import { BillController } from './bill.controller';
import { BillService } from './bill.service';

/**
 * Bills (digital receipts). No integration events: nothing consumes bills yet, so no outbox
 * messages are written for them (add them here when a consumer appears).
 */
@Module({ controllers: [BillController, BillReceiptController], providers: [BillService] })
export class BillModule {}
