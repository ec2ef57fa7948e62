import { Inject, Injectable } from '@nestjs/common';
import type { QrCodeEntity } from '@platform/contracts';
import { isIdOf, newId, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, orNotFound } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { ErrorMessages, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import type { PaymentsConfig } from '../payments.config';
import type { CreateQrCodeDto } from './dtos/create-qr-code.dto';
import { toQrCodeEntity } from './dtos/qr-code.response';
import { qrCodeDetailsProjection } from './qr-code-details/qr-code-details.projection';
import type { QrCode } from './qr-code.decider';
import type { QrCodeEvent, QrCodeTerms } from './qr-code.events';
import { onQrCode } from './qr-code.stream';

/** The QR code use cases: the edge's input becomes a command for the QR code decider. */
@Injectable()
export class QrCodeService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
    private readonly customers: CustomerLookup,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  get publicBaseUrl(): string {
    return (this.options.config as PaymentsConfig).PUBLIC_BASE_URL;
  }

  async create(caller: RequestContext, dto: CreateQrCodeDto): Promise<QrCodeEntity> {
    const terms = toTerms(dto);
    if (terms.customerId !== null && !(await this.customers.exists(caller, terms.customerId)))
      throw new ValidationFailed('The id provided does not exist', 'customer_id');
    const qrCodeId = newId('qr');
    const command = {
      type: 'CreateQrCode' as const,
      data: { qrCodeId, terms, upiQrEnabled: caller.features.includes('upi_qr') },
      metadata: this.clock.metadata(caller),
    };
    return this.entityOf(
      await this.handler.handle(onQrCode(qrCodeId, command, this.publicBaseUrl, true)),
    );
  }

  /**
   * The spec's close error table: an id that is not a QR code id at all is answered "trouble
   * completing the request"; a well-formed id of no code of the caller's, "does not exist".
   */
  async close(caller: RequestContext, qrCodeId: string): Promise<QrCodeEntity> {
    if (!isIdOf('qr', qrCodeId)) throw new ValidationFailed(ErrorMessages.serverError);
    return this.entityOf(
      await this.handler.handle(
        onQrCode(
          qrCodeId,
          { type: 'CloseQrCode', data: {}, metadata: this.clock.metadata(caller) },
          this.publicBaseUrl,
        ),
      ),
    );
  }

  private entityOf(result: CommandResult<QrCode, QrCodeEvent>): QrCodeEntity {
    const row = orNotFound(qrCodeDetailsProjection.view(result.stream));
    return toQrCodeEntity(row, this.publicBaseUrl);
  }
}

function toTerms(dto: CreateQrCodeDto): QrCodeTerms {
  return {
    type: dto.type,
    name: dto.name ?? null,
    usage: dto.usage ?? 'multiple_use',
    fixedAmount: dto.fixed_amount ?? false,
    paymentAmount: dto.payment_amount ?? null,
    description: dto.description ?? null,
    customerId: dto.customer_id ?? null,
    closeBy: dto.close_by ?? null,
    notes: normalizeNotes(dto.notes),
    taxInvoice: dto.tax_invoice ? { ...dto.tax_invoice } : null,
  };
}
