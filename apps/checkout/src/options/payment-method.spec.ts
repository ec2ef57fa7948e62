import { PAYMENT_METHODS } from '@platform/contracts';
import { METHOD_LABELS, METHODS } from './payment-method';

describe('the modal methods', () => {
  it('are the public API payment methods', () => {
    expect([...METHODS].sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it('each has the button name tests and people find it by', () => {
    expect(METHOD_LABELS).toEqual({
      card: 'Card',
      upi: 'UPI',
      netbanking: 'Netbanking',
      wallet: 'Wallet',
    });
  });
});
