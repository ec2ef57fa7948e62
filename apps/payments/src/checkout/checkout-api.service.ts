import { Injectable } from '@nestjs/common';
import { NETBANKING_BANK_NAMES, WALLETS } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { EventCatchUp } from '@platform/messaging';
import { Clock } from '@platform/service-kit';
import { AcquirerDirectory } from '../acquirer/acquirer-directory';
import { toOrderEntity } from '../order/dtos/order.response';
import type { OrderDetailsRow } from '../order/order-details/order-details.entity';
import { getOrderDetails } from '../order/order-details/order-details.query';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import { subscriptionAuthorizedBy } from '../subscription-mandate/subscription-mandate';
import { CheckoutPaymentsService } from './checkout-payments.service';
import type { CheckoutPreferencesQuery } from './dtos/checkout-query';
import { toCheckoutAnswer } from './dtos/checkout-payment.response';
import type { CheckoutPaymentAnswer } from './dtos/checkout-payment.response';
import type {
  CheckoutOrder,
  CheckoutPreferences,
  CheckoutSubscription,
} from './dtos/checkout-preferences.response';
import type { CreateCheckoutPaymentDto } from './dtos/create-checkout-payment.dto';

const UNKNOWN = 'The id provided does not exist';
/** Billing opens invoices' and subscriptions' orders: caught up on before an order is "not found". */
const ORDER_OWNERS = ['billing'];

const METHODS: CheckoutPreferences['methods'] = {
  card: true,
  upi: true,
  netbanking: { ...NETBANKING_BANK_NAMES },
  wallet: Object.fromEntries(WALLETS.map((wallet) => [wallet, true as const])),
};

/** The checkout API's requests (the gateway authenticated the key id; the caller is its account and mode). */
@Injectable()
export class CheckoutApiService {
  constructor(
    private readonly payments: CheckoutPaymentsService,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly acquirers: AcquirerDirectory,
    private readonly mandates: MandateLookup,
    private readonly catchUp: EventCatchUp,
  ) {}

  async preferences(
    caller: RequestContext,
    query: CheckoutPreferencesQuery,
  ): Promise<CheckoutPreferences> {
    const preferences: CheckoutPreferences = {
      mode: caller.mode,
      options: { redirect: false },
      acquirer: this.acquirers.find(caller.mode)?.name ?? null,
      methods: METHODS,
    };
    if (query.order_id !== undefined)
      preferences.order = toCheckoutOrder(await this.order(caller, query.order_id, 'order_id'));
    if (query.subscription_id !== undefined)
      preferences.subscription = await this.subscription(caller, query.subscription_id);
    return preferences;
  }

  /** Begins the payment: a challenge to answer, or decided at once; a decline is a 400 with its ids. */
  async pay(caller: RequestContext, dto: CreateCheckoutPaymentDto): Promise<CheckoutPaymentAnswer> {
    this.acquirers.of(caller.mode); // live mode without an acquirer: refused before anything else
    if ((dto.order_id === undefined) === (dto.subscription_id === undefined))
      throw new ValidationFailed(
        'Send exactly one of order_id or subscription_id: what this payment pays.',
        'order_id',
      );
    const target = { orderId: dto.order_id, subscriptionId: dto.subscription_id };
    const payment = await this.payments.begin(caller, target, dto, dto);
    if (payment.row.status === 'failed') throw this.payments.failure(payment);
    return toCheckoutAnswer(payment.row, payment.subscriptionId);
  }

  async payment(caller: RequestContext, paymentId: string): Promise<CheckoutPaymentAnswer> {
    const row = await getPaymentDetails(this.database, caller, paymentId);
    if (!row) throw new NotFound();
    const subscriptionId = row.orderId
      ? await subscriptionAuthorizedBy(this.database, caller, row.orderId)
      : null;
    return toCheckoutAnswer(row, subscriptionId);
  }

  /** The order (an invoice's whose `invoice.issued` is still on its way: caught up on first). */
  private async order(caller: RequestContext, id: string, field: string): Promise<OrderDetailsRow> {
    const known = await getOrderDetails(this.database, caller, id);
    if (known) return known;
    await this.catchUp.forCaller(caller, ORDER_OWNERS);
    const caughtUp = await getOrderDetails(this.database, caller, id);
    if (!caughtUp) throw new ValidationFailed(UNKNOWN, field);
    return caughtUp;
  }

  private async subscription(caller: RequestContext, id: string): Promise<CheckoutSubscription> {
    const mandate = await this.mandates.find(caller, id, this.clock.metadata(caller));
    if (!mandate) throw new ValidationFailed(UNKNOWN, 'subscription_id');
    const order = await this.order(caller, mandate.authorizationOrderId, 'subscription_id');
    return {
      id,
      status: mandate.token ? 'authenticated' : 'created',
      amount: order.amount,
      currency: order.currency,
    };
  }
}

function toCheckoutOrder(row: OrderDetailsRow): CheckoutOrder {
  const order = toOrderEntity(row);
  const { id, amount, amount_paid, amount_due, currency, status } = order;
  const { partial_payment, first_payment_min_amount, receipt, notes } = order;
  return {
    id,
    amount,
    amount_paid,
    amount_due,
    currency,
    status,
    partial_payment,
    first_payment_min_amount,
    receipt,
    notes,
  };
}
