import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { BillEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { getBillDetails, listBillDetails } from './bill-details/bill-details.query';
import { BillService } from './bill.service';
import { BillListQuery } from './dtos/bill-list.query';
import { toBillEntity } from './dtos/bill.response';
import { CreateBillDto } from './dtos/create-bill.dto';
import { UpdateBillDto } from './dtos/update-bill.dto';

@Controller('v1/bills')
export class BillController {
  constructor(
    private readonly bills: BillService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateBillDto): Promise<BillEntity> {
    return this.bills.create(caller, body);
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: BillListQuery,
  ): Promise<Collection<BillEntity>> {
    const rows = await listBillDetails(this.database, caller, query, {
      receiptNumber: query.receipt_number,
    });
    return toCollection(rows.map((row) => toBillEntity(row, this.bills.publicBaseUrl)));
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<BillEntity> {
    const row = orNotFound(await getBillDetails(this.database, caller, id));
    return toBillEntity(row, this.bills.publicBaseUrl);
  }

  @Patch(':id')
  update(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateBillDto,
  ): Promise<BillEntity> {
    return this.bills.update(caller, id, body);
  }

  /** Answers `[]`, as the platform's deletes do; the receipt number is free again. */
  @Delete(':id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.bills.remove(caller, id);
    return [];
  }
}
