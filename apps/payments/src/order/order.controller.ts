import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { Collection, RequestContext } from '@platform/http';
import { Caller, ListQuery, NotesUpdateDto, toCollection } from '@platform/http';
import type { OrderEntity, PaymentEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { listPaymentDetails } from '../payment/payment-details/payment-details.query';
import { CreateOrderDto } from './dtos/create-order.dto';
import { OrderListQuery } from './dtos/order-list.query';
import { toOrderEntity } from './dtos/order.response';
import { OrderService } from './order.service';
import { getOrderDetails, listOrderDetails } from './order-details/order-details.query';

@Controller('v1/orders')
export class OrderController {
  constructor(
    private readonly orders: OrderService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateOrderDto): Promise<OrderEntity> {
    return this.orders.create(caller, body);
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: OrderListQuery,
  ): Promise<Collection<OrderEntity>> {
    return toCollection(
      (await listOrderDetails(this.database, caller, query, query)).map(toOrderEntity),
    );
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<OrderEntity> {
    const row = orNotFound(await getOrderDetails(this.database, caller, id));
    return toOrderEntity(row);
  }

  /** Only `notes` can change. */
  @Patch(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<OrderEntity> {
    return this.orders.editNotes(caller, id, body);
  }

  @Get(':id/payments')
  async payments(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Query() query: ListQuery,
  ): Promise<Collection<PaymentEntity>> {
    if (!(await getOrderDetails(this.database, caller, id))) throw new NotFound();
    return toCollection(
      (await listPaymentDetails(this.database, caller, query, { orderId: id })).map((row) =>
        toPaymentEntity(row),
      ),
    );
  }
}
