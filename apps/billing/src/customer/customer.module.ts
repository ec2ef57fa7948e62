import { Module } from '@nestjs/common';
import { CustomerCommands } from './customer-commands';
import { CustomerController } from './customer.controller';

@Module({ controllers: [CustomerController], providers: [CustomerCommands] })
export class CustomerModule {}
