import { Module } from '@nestjs/common';
import { OnInvoiceChangedConsumer } from './on-invoice-changed.consumer';
import { OrderService } from './order.service';
import { OrderController } from './order.controller';

@Module({ controllers: [OrderController, OnInvoiceChangedConsumer], providers: [OrderService] })
export class OrderModule {}
