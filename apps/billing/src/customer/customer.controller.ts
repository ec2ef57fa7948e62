import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CustomerEntity } from '@platform/contracts';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Database, orNotFound } from '@platform/event-store';
import { CustomerService } from './customer.service';
import { getCustomerDetails, listCustomerDetails } from './customer-details/customer-details.query';
import { CreateCustomerDto } from './dtos/create-customer.dto';
import { toCustomerEntity } from './dtos/customer.response';
import { EditCustomerDto } from './dtos/edit-customer.dto';

@ApiTags('Customers')
@Controller('v1/customers')
export class CustomerController {
  constructor(
    private readonly customers: CustomerService,
    private readonly database: Database,
  ) {}

  /**
   * Create a customer
   *
   * @returns The customer (new, or the existing one with fail_existing 0)
   */
  @Post()
  @HttpCode(200)
  createCustomer(
    @Caller() caller: RequestContext,
    @Body() body: CreateCustomerDto,
  ): Promise<CustomerEntity> {
    return this.customers.create(caller, body);
  }

  /**
   * Edit a customer
   *
   * @returns The customer after the edit
   */
  @EntityIdParam('customer', 'cust')
  @Put(':id')
  editCustomer(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: EditCustomerDto,
  ): Promise<CustomerEntity> {
    return this.customers.edit(caller, id, body);
  }

  /**
   * Fetch a customer
   *
   * @returns The customer
   */
  @EntityIdParam('customer', 'cust')
  @Get(':id')
  async fetchCustomer(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<CustomerEntity> {
    const row = orNotFound(await getCustomerDetails(this.database, caller, id));
    return toCustomerEntity(row);
  }

  /**
   * List customers, newest first
   *
   * @returns A page of customers
   */
  @Get()
  async listCustomers(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<CustomerEntity>> {
    const rows = await listCustomerDetails(this.database, caller, query);
    return toCollection(rows.map(toCustomerEntity));
  }
}
