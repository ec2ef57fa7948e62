import { Module } from '@nestjs/common';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { ExpireQrCodeJob } from './expire-qr-code.job';
import { QrCodeService } from './qr-code.service';
import { QrCodeImageController } from './qr-code-image.controller';
import { QrCodeController } from './qr-code.controller';

@Module({
  controllers: [QrCodeController, QrCodeImageController],
  providers: [QrCodeService, CustomerLookup, ExpireQrCodeJob],
  exports: [QrCodeService],
})
export class QrCodeModule {}
