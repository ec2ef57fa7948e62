import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { CustomerEntity } from '@platform/contracts';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Database, orNotFound } from '@platform/event-store';
import { CustomerService } from './customer.service';
import { getCustomerDetails, listCustomerDetails } from './customer-details/customer-details.query';
import { CreateCustomerDto } from './dtos/create-customer.dto';
import { toCustomerEntity } from './dtos/customer.response';
import { EditCustomerDto } from './dtos/edit-customer.dto';

@Controller('v1/customers')
export class CustomerController {
  constructor(
    private readonly customers: CustomerService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(
    @Caller() caller: RequestContext,
    @Body() body: CreateCustomerDto,
  ): Promise<CustomerEntity> {
    return this.customers.create(caller, body);
  }

  @Put(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: EditCustomerDto,
  ): Promise<CustomerEntity> {
    return this.customers.edit(caller, id, body);
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<CustomerEntity> {
    const row = orNotFound(await getCustomerDetails(this.database, caller, id));
    return toCustomerEntity(row);
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<CustomerEntity>> {
    const rows = await listCustomerDetails(this.database, caller, query);
    return toCollection(rows.map(toCustomerEntity));
  }
}
