import { Module } from '@nestjs/common';
import { OnCustomerChangedConsumer } from './on-customer-changed.consumer';

@Module({ controllers: [OnCustomerChangedConsumer] })
export class CustomerDirectoryModule {}
