import { Module } from '@nestjs/common';
import { OnDisputeChangedConsumer } from './on-dispute-changed.consumer';
import { OnPaymentCapturedConsumer } from './on-payment-captured.consumer';
import { OnRefundCreatedConsumer } from './on-refund-created.consumer';

@Module({
  controllers: [OnPaymentCapturedConsumer, OnRefundCreatedConsumer, OnDisputeChangedConsumer],
})
export class PostingModule {}
