import { Module } from '@nestjs/common';
import { OnInvoiceChangedConsumer } from './on-invoice-changed.consumer';
import { OrderCommands } from './order-commands';
import { OrderController } from './order.controller';

@Module({ controllers: [OrderController], providers: [OrderCommands, OnInvoiceChangedConsumer] })
export class OrderModule {}
