import { Module } from '@nestjs/common';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { ExpireQrCodeJob } from './expire-qr-code.job';
import { QrCodeCommands } from './qr-code-commands';
import { QrCodeImageController } from './qr-code-image.controller';
import { QrCodeController } from './qr-code.controller';

@Module({
  controllers: [QrCodeController, QrCodeImageController],
  providers: [QrCodeCommands, CustomerLookup, ExpireQrCodeJob],
  exports: [QrCodeCommands],
})
export class QrCodeModule {}
