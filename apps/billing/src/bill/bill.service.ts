import { Inject, Injectable } from '@nestjs/common';
import type { BillEntity } from '@platform/contracts';
import { AlreadyExists, newId } from '@platform/domain-kit';
import { CommandHandler, isUniqueViolation, orNotFound } from '@platform/event-store';
import type { CommandSpec } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { billDetailsProjection } from './bill-details/bill-details.projection';
import type { BillCommand, ClaimedSummary } from './bill.commands';
import type { Bill } from './bill.decider';
import type { BillDraft, BillEvent, BillLineInput, BillPaymentInput } from './bill.events';
import { onBill } from './bill.stream';
import type {
  BillCustomerDto,
  BillLineItemDto,
  BillPaymentDto,
  BillSummaryDto,
} from './dtos/bill-fields';
import { toBillEntity } from './dtos/bill.response';
import type { CreateBillDto } from './dtos/create-bill.dto';
import type { UpdateBillDto } from './dtos/update-bill.dto';

/** The unique index that keeps a receipt number to one bill per account and mode. */
const RECEIPT_NUMBER_UNIQUE = 'bills_receipt_number_unique';

/** The bill use cases: the edge's input becomes a command for the bill decider. */
@Injectable()
export class BillService {
  readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as BillingConfig).PUBLIC_BASE_URL;
  }

  create(caller: RequestContext, dto: CreateBillDto): Promise<BillEntity> {
    const billId = newId('bill');
    const draft: BillDraft = {
      receiptNumber: dto.receipt_number,
      receiptTimestamp: dto.receipt_timestamp,
      receiptType: dto.receipt_type ?? 'sales_invoice',
      receiptDelivery: dto.receipt_delivery ?? 'digital',
      customer: toCustomer(dto.customer),
      lineItems: dto.line_items.map(toLine),
      currency: dto.currency ?? DEFAULT_CURRENCY,
      payments: (dto.payments ?? []).map(toPayment),
      notes: normalizeNotes(dto.notes),
    };
    return this.run(
      onBill(
        billId,
        {
          type: 'CreateBill',
          data: { billId, draft, claimed: toClaimed(dto.receipt_summary) },
          metadata: this.clock.metadata(caller),
        },
        true,
      ),
    );
  }

  update(caller: RequestContext, billId: string, dto: UpdateBillDto): Promise<BillEntity> {
    const changes: Partial<BillDraft> = {
      receiptNumber: dto.receipt_number,
      receiptTimestamp: dto.receipt_timestamp,
      receiptType: dto.receipt_type,
      receiptDelivery: dto.receipt_delivery,
      customer: dto.customer && toCustomer(dto.customer),
      lineItems: dto.line_items?.map(toLine),
      currency: dto.currency ?? undefined,
      payments: dto.payments?.map(toPayment),
      notes: dto.notes === undefined ? undefined : normalizeNotes(dto.notes),
    };
    return this.run(
      onBill(billId, {
        type: 'UpdateBill',
        data: { changes, claimed: toClaimed(dto.receipt_summary) },
        metadata: this.clock.metadata(caller),
      }),
    );
  }

  /** The receipt number is free again. */
  async remove(caller: RequestContext, billId: string): Promise<void> {
    await this.handler.handle(
      onBill(billId, { type: 'DeleteBill', data: {}, metadata: this.clock.metadata(caller) }),
    );
  }

  private async run(spec: CommandSpec<Bill, BillCommand, BillEvent>): Promise<BillEntity> {
    try {
      const { stream } = await this.handler.handle(spec);
      const row = orNotFound(billDetailsProjection.view(stream));
      return toBillEntity(row, this.publicBaseUrl);
    } catch (error) {
      if (isUniqueViolation(error, RECEIPT_NUMBER_UNIQUE))
        throw new AlreadyExists(
          'A bill with this receipt_number already exists.',
          'receipt_number',
        );
      throw error;
    }
  }
}

function toCustomer(customer: BillCustomerDto): BillDraft['customer'] {
  return { name: customer.name ?? null, contact: customer.contact, email: customer.email ?? null };
}

function toLine(line: BillLineItemDto): BillLineInput {
  return {
    id: newId('li'),
    name: line.name,
    description: line.description ?? null,
    quantity: line.quantity,
    unit: line.unit ?? null,
    hsnCode: line.hsn_code ?? null,
    unitAmount: line.unit_amount,
    taxRate: line.tax_rate ?? null,
    taxInclusive: line.tax_inclusive ?? false,
  };
}

function toPayment(payment: BillPaymentDto): BillPaymentInput {
  return {
    method: payment.method,
    amount: payment.amount,
    currency: payment.currency ?? null,
    reference: payment.reference ?? null,
  };
}

function toClaimed(summary: BillSummaryDto | undefined): ClaimedSummary {
  return {
    totalQuantity: summary?.total_quantity,
    subTotalAmount: summary?.sub_total_amount,
    taxAmount: summary?.tax_amount,
    netPayableAmount: summary?.net_payable_amount,
  };
}
