import { Injectable } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import type { CustomerResponse } from '../acquirer/acquirer';
import type { PaymentDetailsRow } from '../payment/payment-details/payment-details.entity';
import { findPaymentById } from '../payment/payment-details/test-bank-payment.query';
import { TEST_BANK } from '../test-bank/test-bank';
import {
  renderChallengePage,
  renderNotWaitingPage,
  renderOutcomePage,
} from '../test-bank/test-bank-page.html';
import { CheckoutPaymentsService } from './checkout-payments.service';

const OFFSET = sql(
  'account-clocks.offset',
  'SELECT offset_ms::bigint AS "offsetMs" FROM account_clocks WHERE account_id = $1',
);

/**
 * The test bank's pages: a created test-mode payment's challenge, and the customer's answer to it.
 * There is no account context (the customer has only the payment id, which is unguessable): the
 * payment is found by id alone, and its account's test clock is the one the scheduler keeps
 * (learnt from gateway.test_clock).
 */
@Injectable()
export class TestBankPagesService {
  constructor(
    private readonly database: Database,
    private readonly payments: CheckoutPaymentsService,
  ) {}

  async challenge(paymentId: string): Promise<string> {
    const payment = await this.testBankPayment(paymentId);
    return payment.status === 'created'
      ? renderChallengePage(payment)
      : renderNotWaitingPage(payment);
  }

  async answer(paymentId: string, response: CustomerResponse): Promise<string> {
    const payment = await this.testBankPayment(paymentId);
    if (payment.status !== 'created') return renderNotWaitingPage(payment);
    const metadata = {
      accountId: payment.accountId,
      mode: payment.mode,
      now: Date.now() + (await this.clockOffsetMs(payment.accountId)),
      requestId: `test-bank:${paymentId}`,
    };
    const answered = await this.payments.answer(metadata, paymentId, response);
    return renderOutcomePage(answered.row);
  }

  /** Only a test-mode payment whose challenge the test bank holds (or held) has pages here. */
  private async testBankPayment(paymentId: string): Promise<PaymentDetailsRow> {
    const payment = await findPaymentById(this.database, paymentId);
    if (!payment) throw new NotFound();
    if (payment.mode !== 'test' || payment.acquirer !== TEST_BANK)
      throw new ValidationFailed(
        'The test bank has no page for this payment: it serves only test-mode payments waiting for its answer.',
      );
    return payment;
  }

  private async clockOffsetMs(accountId: string): Promise<number> {
    const [row] = await this.database.query<{ offsetMs: string }>(OFFSET, [accountId]);
    return row ? Number(row.offsetMs) : 0;
  }
}
