import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
import { CreateInvoiceDto } from '../invoice/dtos/create-invoice.dto';
import { UpdateInvoiceDto } from '../invoice/dtos/update-invoice.dto';
import { InvoiceFlowsService } from './invoice-flows.service';

/** The invoice routes that may make a customer too (an inline customer): each runs a flow. */
@CatchUp()
@Controller('v1/invoices')
export class InvoiceFlowsController {
  constructor(private readonly flows: InvoiceFlowsService) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateInvoiceDto): Promise<InvoiceEntity> {
    return this.flows.create(caller, body);
  }

  @Patch(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateInvoiceDto,
  ): Promise<InvoiceEntity> {
    return this.flows.edit(caller, id, body);
  }
}
