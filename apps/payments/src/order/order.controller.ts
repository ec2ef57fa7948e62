import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { Collection, RequestContext } from '@platform/http';
import { Caller, ListQuery, NotesUpdateDto, toCollection } from '@platform/http';
import type { OrderEntity, PaymentEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { EventCatchUp } from '@platform/messaging';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { listPaymentDetails } from '../payment/payment-details/payment-details.query';
import { CreateOrderDto } from './dtos/create-order.dto';
import { OrderListQuery } from './dtos/order-list.query';
import { toOrderEntity } from './dtos/order.response';
import { OrderService } from './order.service';
import { getOrderDetails, listOrderDetails } from './order-details/order-details.query';
import type { OrderDetailsRow } from './order-details/order-details.entity';

/** Orders that billing's invoices open (`invoice.issued`): caught up on before a list, or an id not found. */
const INVOICE_ORDERS_OWNER = ['billing'];

@Controller('v1/orders')
export class OrderController {
  constructor(
    private readonly orders: OrderService,
    private readonly database: Database,
    private readonly catchUp: EventCatchUp,
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
    await this.catchUp.forCaller(caller, INVOICE_ORDERS_OWNER);
    return toCollection(
      (await listOrderDetails(this.database, caller, query, query)).map(toOrderEntity),
    );
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<OrderEntity> {
    return toOrderEntity(orNotFound(await this.findOrder(caller, id)));
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
    if (!(await this.findOrder(caller, id))) throw new NotFound();
    return toCollection(
      (await listPaymentDetails(this.database, caller, query, { orderId: id })).map((row) =>
        toPaymentEntity(row),
      ),
    );
  }

  /** The order, or (an invoice's order whose `invoice.issued` is still on its way) the one billing's events open. */
  private async findOrder(caller: RequestContext, id: string): Promise<OrderDetailsRow | null> {
    const known = await getOrderDetails(this.database, caller, id);
    if (known) return known;
    await this.catchUp.forCaller(caller, INVOICE_ORDERS_OWNER);
    return getOrderDetails(this.database, caller, id);
  }
}
