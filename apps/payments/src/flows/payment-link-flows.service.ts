import { Inject, Injectable } from '@nestjs/common';
import type { PaymentLinkEntity } from '@platform/contracts';
import { AlreadyExists, newId } from '@platform/domain-kit';
import { CommandHandler, isUniqueViolation, runFlow } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { CreatePaymentLinkDto } from '../payment-link/dtos/create-payment-link.dto';
import type { EditPaymentLinkDto } from '../payment-link/dtos/edit-payment-link.dto';
import { paymentLinkUrl } from '../payment-link/dtos/payment-link.response';
import type {
  LinkCustomer,
  PaymentLinkChanges,
  PaymentLinkTerms,
} from '../payment-link/payment-link.events';
import type { PaymentsConfig } from '../payments.config';
import { closePaymentLinkFlow } from './close-payment-link.flow';
import { createPaymentLinkFlow } from './create-payment-link.flow';
import { editPaymentLinkFlow } from './edit-payment-link.flow';

/** Razorpay's answer to a reference_id another link of the account and mode has. */
const REFERENCE_TAKEN = 'payment link creation with reference ID already attempted';

/** The payment link requests that write the link and its order together. */
@Injectable()
export class PaymentLinkFlowsService {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as PaymentsConfig).PUBLIC_BASE_URL;
  }

  create(caller: RequestContext, dto: CreatePaymentLinkDto): Promise<PaymentLinkEntity> {
    const paymentLinkId = newId('plink');
    return referenceUnique(() =>
      runFlow(this.handler, createPaymentLinkFlow, {
        metadata: this.clock.metadata(caller),
        paymentLinkId,
        orderId: newId('order'),
        terms: toTerms(dto),
        keyId: caller.keyId,
        shortUrl: paymentLinkUrl(this.publicBaseUrl, paymentLinkId),
      }),
    );
  }

  edit(
    caller: RequestContext,
    paymentLinkId: string,
    dto: EditPaymentLinkDto,
  ): Promise<PaymentLinkEntity> {
    return referenceUnique(() =>
      runFlow(this.handler, editPaymentLinkFlow, {
        metadata: this.clock.metadata(caller),
        paymentLinkId,
        changes: toChanges(dto),
      }),
    );
  }

  cancel(caller: RequestContext, paymentLinkId: string): Promise<PaymentLinkEntity> {
    return runFlow(this.handler, closePaymentLinkFlow, {
      metadata: this.clock.metadata(caller),
      paymentLinkId,
      how: 'cancel',
    });
  }
}

/** Of concurrent links with one reference_id, the first written wins; the others are refused. */
async function referenceUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'payment_links_reference_unique'))
      throw new AlreadyExists(REFERENCE_TAKEN, 'reference_id');
    throw error;
  }
}

function toTerms(dto: CreatePaymentLinkDto): PaymentLinkTerms {
  return {
    amount: dto.amount,
    currency: dto.currency ?? DEFAULT_CURRENCY,
    acceptPartial: dto.accept_partial ?? false,
    firstMinPartialAmount: dto.first_min_partial_amount ?? null,
    description: dto.description ?? null,
    referenceId: dto.reference_id || null,
    customer: customerOf(dto),
    notify: { sms: dto.notify?.sms ?? false, email: dto.notify?.email ?? false },
    reminderEnable: dto.reminder_enable ?? false,
    notes: normalizeNotes(dto.notes),
    callbackUrl: dto.callback_url ?? null,
    callbackMethod: dto.callback_method ?? null,
    upiLink: dto.upi_link ?? false,
    expireBy: dto.expire_by ?? null,
  };
}

/** The customer's fields given (null ones are not kept). */
function customerOf({ customer }: CreatePaymentLinkDto): LinkCustomer {
  const kept: LinkCustomer = {};
  if (customer?.name != null) kept.name = customer.name;
  if (customer?.email != null) kept.email = customer.email;
  if (customer?.contact != null) kept.contact = customer.contact;
  return kept;
}

/** Only the fields sent: the others stay as they are. */
function toChanges(dto: EditPaymentLinkDto): PaymentLinkChanges {
  const changes: PaymentLinkChanges = {};
  if (dto.reference_id !== undefined) changes.referenceId = dto.reference_id || null;
  if (dto.expire_by !== undefined) changes.expireBy = dto.expire_by;
  if (dto.notes !== undefined) changes.notes = normalizeNotes(dto.notes);
  if (dto.reminder_enable !== undefined) changes.reminderEnable = dto.reminder_enable;
  if (dto.accept_partial !== undefined) changes.acceptPartial = dto.accept_partial;
  return changes;
}
