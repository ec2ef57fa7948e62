import { Module } from '@nestjs/common';
import { OnCustomerChangedConsumer } from './on-customer-changed.consumer';

@Module({ providers: [OnCustomerChangedConsumer] })
export class CustomerDirectoryModule {}
