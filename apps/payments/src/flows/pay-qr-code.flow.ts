import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { QrCodeCreditedEvent } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import { integrationEventOf } from '@platform/event-store';
import type { CommandResult, Flow, OutboxMessage } from '@platform/event-store';
import type { Authorization, InstrumentRecord } from '../acquirer/acquirer';
import type { Payment } from '../payment/payment.decider';
import type { PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { paymentAt } from '../payment/payment.integration';
import { onPayment } from '../payment/payment.stream';
import { paymentProblem, qrCodeKind } from '../qr-code/qr-code.decider';
import type { QrCode } from '../qr-code/qr-code.decider';
import type { QrCodeEvent } from '../qr-code/qr-code.events';
import { qrCodeAt, qrCodeIntegrationEvents } from '../qr-code/qr-code.integration';
import { onQrCode } from '../qr-code/qr-code.stream';
import { paymentCommand, paymentDetails, payerOf } from './checkout-payment';
import type { CheckoutPaymentInput } from './checkout-payment';

export interface PayQrCodeInput extends CheckoutPaymentInput {
  qrCodeId: string;
  publicBaseUrl: string;
  /**
   * Asks the acquirer for the payment of this amount, once the code's rules allow it: a UPI app
   * scanning a code answers any challenge itself, so nothing waits.
   */
  authorize: (
    amount: number,
  ) => Promise<{ instrument: InstrumentRecord; authorization: Authorization }>;
}

interface CodePayment {
  details: PaymentDetails;
  authorization: Authorization;
}

interface PaidQrCode {
  payment: CommandResult<Payment, PaymentEvent>;
  /** The code credited with the payment; null: the payment was declined. */
  code: CommandResult<QrCode, QrCodeEvent> | null;
}

/**
 * A checkout payment on a QR code: checked against the code (open, method, fixed amount), captured
 * at once, and credited to the code (a single-use code closes, `paid`). A declined one leaves the
 * code as it is.
 */
export const payQrCodeFlow: Flow<PayQrCodeInput, CodePayment, PaidQrCode, PaidQrCode['payment']> = {
  load: async (reader, input) => {
    const { request, qrCodeId, metadata } = input;
    const { state: code } = await reader.read(qrCodeKind, qrCodeId);
    if (code.status === 'new')
      throw new ValidationFailed('The id provided does not exist', 'qr_code_id');
    if (request.currency !== undefined && request.currency !== 'INR')
      throw new ValidationFailed('The currency must be INR: QR codes take rupees.', 'currency');
    const amount = request.amount ?? code.terms.paymentAmount;
    if (amount === null)
      throw new ValidationFailed(
        'The amount field is required: this QR code has no fixed amount.',
        'amount',
      );
    const problem = paymentProblem(code, { method: request.method, amount, now: metadata.now });
    if (problem) throw problem;
    const { instrument, authorization } = await input.authorize(amount);
    const payer = await payerOf(input, code.terms.customerId);
    const details = paymentDetails(request, instrument, payer, {
      amount,
      currency: 'INR',
      orderId: null,
      qrCodeId,
      invoiceId: null,
      customerId: code.terms.customerId,
    });
    return { details, authorization };
  },

  decide: async (unit, { details, authorization }, input) => {
    const { paymentId, qrCodeId, metadata, publicBaseUrl } = input;
    const command = paymentCommand(paymentId, authorization, details, true, metadata);
    const payment = await unit.decide(onPayment(paymentId, command, true));
    if (!authorization.authorized) return { payment, code: null };
    const credit = {
      type: 'RecordQrPayment' as const,
      data: { paymentId, amount: details.amount, method: details.method },
      metadata,
    };
    const code = await unit.decide({
      ...onQrCode(qrCodeId, credit, publicBaseUrl),
      outbox: undefined, // published below: the credit first, then the code's own (closed)
    });
    return { payment, code };
  },

  publish: ({ payment, code }, { publicBaseUrl }) =>
    code
      ? [
          ...qrCodeCreditedEvents(code, payment, publicBaseUrl),
          ...qrCodeIntegrationEvents(publicBaseUrl)(code.appended, code.stream),
        ]
      : [],

  answer: ({ payment }) => payment,
};

/** `qr_code.credited` when a payment on the code was captured: the code and the payment. */
function qrCodeCreditedEvents(
  code: CommandResult<QrCode, QrCodeEvent>,
  payment: CommandResult<Payment, PaymentEvent>,
  publicBaseUrl: string,
): OutboxMessage[] {
  return code.appended.flatMap((event) => {
    if (event.type !== 'QrCodeCredited') return [];
    const published: QrCodeCreditedEvent = integrationEventOf(
      event,
      PaymentEventTypes.qrCodeCredited,
      {
        qr_code: qrCodeAt(code.stream, event.version, publicBaseUrl),
        payment: paymentAt(payment.stream, payment.stream[payment.stream.length - 1].version),
      },
    );
    return [{ topic: Topics.paymentsQrCode, key: event.streamId, event: published }];
  });
}
