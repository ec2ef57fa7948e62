import { Module } from '@nestjs/common';
import { NotificationModule } from '@platform/notification';
import { NotifyPaymentLinkJob } from './notify-payment-link.job';
import { PaymentLinkCheckoutController } from './payment-link-checkout.controller';
import { PaymentLinkPageController } from './payment-link-page.controller';
import { PaymentLinkController } from './payment-link.controller';
import { PaymentLinkService } from './payment-link.service';

@Module({
  imports: [NotificationModule],
  controllers: [PaymentLinkController, PaymentLinkCheckoutController, PaymentLinkPageController],
  providers: [PaymentLinkService, NotifyPaymentLinkJob],
})
export class PaymentLinkModule {}
