import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BillEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { getBillDetails, listBillDetails } from './bill-details/bill-details.query';
import { BillService } from './bill.service';
import { BillListQuery } from './dtos/bill-list.query';
import { toBillEntity } from './dtos/bill.response';
import { CreateBillDto } from './dtos/create-bill.dto';
import { UpdateBillDto } from './dtos/update-bill.dto';

@ApiTags('Bills')
@Controller('v1/bills')
export class BillController {
  constructor(
    private readonly bills: BillService,
    private readonly database: Database,
  ) {}

  /**
   * Create a bill (a digital receipt)
   *
   * @returns The bill, with its computed amounts and its `receipt_url`
   */
  @Post()
  @HttpCode(200)
  createBill(@Caller() caller: RequestContext, @Body() body: CreateBillDto): Promise<BillEntity> {
    return this.bills.create(caller, body);
  }

  /**
   * List bills, newest first
   *
   * @returns A page of bills
   */
  @Get()
  async listBills(
    @Caller() caller: RequestContext,
    @Query() query: BillListQuery,
  ): Promise<Collection<BillEntity>> {
    const rows = await listBillDetails(this.database, caller, query, {
      receiptNumber: query.receipt_number,
    });
    return toCollection(rows.map((row) => toBillEntity(row, this.bills.publicBaseUrl)));
  }

  /**
   * Fetch a bill
   *
   * @returns The bill
   */
  @EntityIdParam('bill', 'bill')
  @Get(':id')
  async fetchBill(@Caller() caller: RequestContext, @Param('id') id: string): Promise<BillEntity> {
    const row = orNotFound(await getBillDetails(this.database, caller, id));
    return toBillEntity(row, this.bills.publicBaseUrl);
  }

  /**
   * Update a bill
   *
   * @returns The bill after the update, re-priced
   */
  @EntityIdParam('bill', 'bill')
  @Patch(':id')
  updateBill(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateBillDto,
  ): Promise<BillEntity> {
    return this.bills.update(caller, id, body);
  }

  /**
   * Delete a bill
   *
   * @remarks Answers `[]`. The bill is gone from then on ("The id provided does not exist"), its
   * receipt page too, and its receipt number is free again.
   *
   * @returns An empty array
   */
  @EntityIdParam('bill', 'bill')
  @Delete(':id')
  async deleteBill(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.bills.remove(caller, id);
    return [];
  }
}
