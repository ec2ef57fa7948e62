import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Collection, RequestContext } from '@platform/http';
import {
  Caller,
  EntityIdParam,
  ExpandQuery,
  ListQuery,
  NotesUpdateDto,
  toCollection,
} from '@platform/http';
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

@ApiTags('Orders')
@Controller('v1/orders')
export class OrderController {
  constructor(
    private readonly orders: OrderService,
    private readonly database: Database,
    private readonly catchUp: EventCatchUp,
  ) {}

  /**
   * Create an order
   *
   * @remarks An order is what a customer pays: checkout (in test mode: POST /v1/simulator/payments)
   * makes payments against it.
   *
   * @returns The new order (status `created`)
   */
  @Post()
  @HttpCode(200)
  createOrder(
    @Caller() caller: RequestContext,
    @Body() body: CreateOrderDto,
  ): Promise<OrderEntity> {
    return this.orders.create(caller, body);
  }

  /**
   * List orders, newest first
   *
   * @returns A page of orders
   */
  @Get()
  async listOrders(
    @Caller() caller: RequestContext,
    @Query() query: OrderListQuery,
  ): Promise<Collection<OrderEntity>> {
    await this.catchUp.forCaller(caller, INVOICE_ORDERS_OWNER);
    return toCollection(
      (await listOrderDetails(this.database, caller, query, query)).map(toOrderEntity),
    );
  }

  /**
   * Fetch an order
   *
   * @returns The order
   */
  @EntityIdParam('order', 'order')
  @ExpandQuery(
    'Accepted and ignored: an order has nothing to expand (`transfers` would need Route transfers, which are not offered).',
  )
  @ApiQuery({
    name: 'status',
    required: false,
    description: 'Accepted and ignored (the SDK sends it bare, without a value).',
    schema: { type: 'string' },
  })
  @Get(':id')
  async fetchOrder(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<OrderEntity> {
    return toOrderEntity(orNotFound(await this.findOrder(caller, id)));
  }

  /**
   * Edit the notes of an order
   *
   * @returns The order with its new notes
   */
  // Only `notes` can change.
  @EntityIdParam('order', 'order')
  @Patch(':id')
  editOrder(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<OrderEntity> {
    return this.orders.editNotes(caller, id, body);
  }

  /**
   * List the payments of an order, newest first
   *
   * @remarks Every payment tried on the order, failed ones included. The card object is not
   * expanded here (use GET /v1/payments/{id}/card).
   *
   * @returns A page of the order's payments
   */
  @EntityIdParam('order', 'order')
  @Get(':id/payments')
  async listOrderPayments(
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
