import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ClaimedJob, JobHandler, ServiceKitOptions } from '@platform/service-kit';
import type { PaymentsConfig } from '../payments.config';
import { EXPIRE_QR_CODE_JOB, onQrCode } from './qr-code.stream';

/**
 * A single-use QR code closes when its time runs out: at close_by, or 45 days after its creation
 * without one (account clock), with close_reason `on_demand` (see docs/api-guide.md, QR codes). One
 * paid or closed before is left as it is.
 */
@Injectable()
@DueJobHandler()
export class ExpireQrCodeJob implements JobHandler {
  readonly kind = EXPIRE_QR_CODE_JOB;

  constructor(
    private readonly handler: CommandHandler,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const publicBaseUrl = (this.options.config as PaymentsConfig).PUBLIC_BASE_URL;
    await this.handler.handle(
      onQrCode(
        job.streamId,
        { type: 'ExpireQrCode', data: {}, metadata: jobMetadata(job) },
        publicBaseUrl,
      ),
    );
  }
}
