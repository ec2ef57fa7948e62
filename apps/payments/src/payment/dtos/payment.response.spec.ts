import type { PaymentDetailsRow } from '../payment-details/payment-details.entity';
import { EVERY_EXPANSION, expansionsOf, toPaymentEntity } from './payment.response';

const upiPayment = {
  id: 'pay_UpiPayment0001',
  method: 'upi',
  vpa: 'success@razorpay',
  card: null,
  amountRefunded: 0,
  notes: {},
  acquirerData: { rrn: '123456789012' },
} as unknown as PaymentDetailsRow;

const cardPayment = {
  ...upiPayment,
  id: 'pay_CardPayment001',
  method: 'card',
  vpa: null,
  card: {
    id: 'card_CardPayment001',
    name: 'Gaurav Kumar',
    last4: '1111',
    network: 'Visa',
    type: 'credit',
    issuer: 'HDFC',
    international: false,
    emi: false,
    subType: 'consumer',
  },
} as unknown as PaymentDetailsRow;

describe('A payment as the API shows it', () => {
  it('names no terminal, as Razorpay does for online payments', () => {
    expect(toPaymentEntity(cardPayment)).toHaveProperty('terminal_id', null);
    expect(toPaymentEntity(upiPayment)).toHaveProperty('terminal_id', null);
  });

  describe('when paid by UPI', () => {
    it('shows how it was paid only when expand[]=upi asks', () => {
      expect(toPaymentEntity(upiPayment, expansionsOf(['upi'])).upi).toEqual({
        payer_account_type: 'bank_account',
        vpa: 'success@razorpay',
        flow: 'collect',
      });
      expect(toPaymentEntity(upiPayment)).not.toHaveProperty('upi');
      expect(toPaymentEntity(upiPayment, expansionsOf(['card']))).not.toHaveProperty('upi');
    });

    it('shows a null card when expand[]=card asks', () => {
      expect(toPaymentEntity(upiPayment, expansionsOf(['card']))).toHaveProperty('card', null);
    });
  });

  describe('when paid by card', () => {
    it('never shows UPI details, even when asked or in events', () => {
      expect(toPaymentEntity(cardPayment, expansionsOf(['upi']))).not.toHaveProperty('upi');
      expect(toPaymentEntity(cardPayment, EVERY_EXPANSION)).not.toHaveProperty('upi');
    });

    it('shows its card only when expand[]=card asks', () => {
      expect(toPaymentEntity(cardPayment, expansionsOf(['card', 'upi'])).card).toMatchObject({
        id: 'card_CardPayment001',
        last4: '1111',
      });
      expect(toPaymentEntity(cardPayment)).not.toHaveProperty('card');
    });
  });
});
