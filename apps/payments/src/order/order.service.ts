import { Injectable } from '@nestjs/common';
import type { OrderEntity } from '@platform/contracts';
import { AlreadyExists, newId, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, isUniqueViolation, orNotFound } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { NotesUpdateDto, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import type { CreateOrderDto } from './dtos/create-order.dto';
import { toOrderEntity } from './dtos/order.response';
import { orderDetailsProjection } from './order-details/order-details.projection';
import type { Order } from './order.decider';
import type { OrderEvent, OrderTerms } from './order.events';
import { onOrder } from './order.stream';

/** The order use cases: the edge's input becomes a command for the order decider. */
@Injectable()
export class OrderService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  async create(caller: RequestContext, dto: CreateOrderDto): Promise<OrderEntity> {
    const orderId = newId('order');
    try {
      return entityOf(
        await this.handler.handle(
          onOrder(
            orderId,
            {
              type: 'CreateOrder',
              data: { orderId, terms: toTerms(dto) },
              metadata: this.clock.metadata(caller),
            },
            true,
          ),
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'orders_receipt_unique'))
        throw new AlreadyExists('An order with this receipt already exists.', 'receipt');
      throw error;
    }
  }

  async editNotes(
    caller: RequestContext,
    orderId: string,
    dto: NotesUpdateDto,
  ): Promise<OrderEntity> {
    return entityOf(
      await this.handler.handle(
        onOrder(orderId, {
          type: 'EditOrderNotes',
          data: { notes: normalizeNotes(dto.notes) },
          metadata: this.clock.metadata(caller),
        }),
      ),
    );
  }
}

function toTerms(dto: CreateOrderDto): OrderTerms {
  if (
    dto.payment &&
    dto.payment_capture !== undefined &&
    (dto.payment.capture === 'automatic') !== dto.payment_capture
  ) {
    throw new ValidationFailed(
      'The payment.capture and payment_capture disagree: send one of them.',
      'payment_capture',
    );
  }
  return {
    amount: dto.amount,
    currency: dto.currency ?? DEFAULT_CURRENCY,
    receipt: dto.receipt ?? null,
    notes: normalizeNotes(dto.notes),
    partialPayment: dto.partial_payment ?? false,
    firstPaymentMinAmount: dto.first_payment_min_amount ?? null,
    paymentCapture: dto.payment_capture ?? dto.payment?.capture === 'automatic',
    invoiceId: null,
  };
}

function entityOf(result: CommandResult<Order, OrderEvent>): OrderEntity {
  const row = orNotFound(orderDetailsProjection.view(result.stream));
  return toOrderEntity(row);
}
