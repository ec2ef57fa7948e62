import { Module } from '@nestjs/common';
import { OrderCommands } from './order-commands';
import { OrderController } from './order.controller';

@Module({ controllers: [OrderController], providers: [OrderCommands] })
export class OrderModule {}
