import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import type { BillEntity } from '@platform/contracts';
import { AlreadyExists, newId, NotFound } from '@platform/domain-kit';
import { CommandHandler, Database, isUniqueViolation } from '@platform/event-store';
import type { CommandSpec } from '@platform/event-store';
import { Caller, DEFAULT_CURRENCY, normalizeNotes, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { billDetailsProjection } from './bill-details/bill-details.projection';
import { getBillDetails, listBillDetails } from './bill-details/bill-details.query';
import type { BillCommand, ClaimedSummary } from './bill.commands';
import { BILL_STREAM, billDecider } from './bill.decider';
import type { Bill } from './bill.decider';
import type { BillDraft, BillEvent, BillLineInput, BillPaymentInput } from './bill.events';
import type {
  BillCustomerDto,
  BillLineItemDto,
  BillPaymentDto,
  BillSummaryDto,
} from './dtos/bill-fields';
import { BillListQuery } from './dtos/bill-list.query';
import { toBillEntity } from './dtos/bill.response';
import { CreateBillDto } from './dtos/create-bill.dto';
import { UpdateBillDto } from './dtos/update-bill.dto';

/** The unique index that keeps a receipt number to one bill per account and mode. */
const RECEIPT_NUMBER_UNIQUE = 'bills_receipt_number_unique';

function onBill(
  billId: string,
  command: BillCommand,
  isNew = false,
): CommandSpec<Bill, BillCommand, BillEvent> {
  return {
    decider: billDecider,
    streamType: BILL_STREAM,
    streamId: billId,
    command,
    isNew,
    projections: [billDetailsProjection],
  };
}

@Controller('v1/bills')
export class BillController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  @Post()
  @HttpCode(200)
  async create(@Caller() caller: RequestContext, @Body() body: CreateBillDto): Promise<BillEntity> {
    const billId = newId('bill');
    const draft: BillDraft = {
      receiptNumber: body.receipt_number,
      receiptTimestamp: body.receipt_timestamp,
      receiptType: body.receipt_type ?? 'sales_invoice',
      receiptDelivery: body.receipt_delivery ?? 'digital',
      customer: toCustomer(body.customer),
      lineItems: body.line_items.map(toLine),
      currency: body.currency ?? DEFAULT_CURRENCY,
      payments: (body.payments ?? []).map(toPayment),
      notes: normalizeNotes(body.notes),
    };
    return this.run(
      onBill(
        billId,
        {
          type: 'CreateBill',
          data: { billId, draft, claimed: toClaimed(body.receipt_summary) },
          metadata: this.clock.metadata(caller),
        },
        true,
      ),
    );
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: BillListQuery,
  ): Promise<Collection<BillEntity>> {
    const rows = await listBillDetails(this.database, caller, query, {
      receiptNumber: query.receipt_number,
    });
    return toCollection(rows.map((row) => toBillEntity(row, this.publicBaseUrl)));
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<BillEntity> {
    const row = await getBillDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toBillEntity(row, this.publicBaseUrl);
  }

  @Patch(':id')
  update(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateBillDto,
  ): Promise<BillEntity> {
    const changes: Partial<BillDraft> = {
      receiptNumber: body.receipt_number,
      receiptTimestamp: body.receipt_timestamp,
      receiptType: body.receipt_type,
      receiptDelivery: body.receipt_delivery,
      customer: body.customer && toCustomer(body.customer),
      lineItems: body.line_items?.map(toLine),
      currency: body.currency ?? undefined,
      payments: body.payments?.map(toPayment),
      notes: body.notes === undefined ? undefined : normalizeNotes(body.notes),
    };
    return this.run(
      onBill(id, {
        type: 'UpdateBill',
        data: { changes, claimed: toClaimed(body.receipt_summary) },
        metadata: this.clock.metadata(caller),
      }),
    );
  }

  /** Answers `[]`, as the platform's deletes do; the receipt number is free again. */
  @Delete(':id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.handler.handle(
      onBill(id, { type: 'DeleteBill', data: {}, metadata: this.clock.metadata(caller) }),
    );
    return [];
  }

  private get publicBaseUrl(): string {
    return (this.options.config as BillingConfig).PUBLIC_BASE_URL;
  }

  private async run(spec: CommandSpec<Bill, BillCommand, BillEvent>): Promise<BillEntity> {
    try {
      const { stream } = await this.handler.handle(spec);
      const row = billDetailsProjection.view(stream);
      if (!row) throw new NotFound();
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
