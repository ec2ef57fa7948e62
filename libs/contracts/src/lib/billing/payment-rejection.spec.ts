import { paymentRejectionProblem } from './payment-rejection';

describe('paymentRejectionProblem', () => {
  it('accepts a rejection of a payment with a known reason', () => {
    expect(
      paymentRejectionProblem({ payment_id: 'pay_AbCdEfGhIjKlMn', reason: 'invoice_cancelled' }),
    ).toBeNull();
  });

  it.each([
    [undefined, 'data.rejection must be an object'],
    [
      { payment_id: 'order_AbCdEfGhIjKlMn', reason: 'invoice_cancelled' },
      'data.rejection.payment_id must be a payment id',
    ],
    [
      { payment_id: 'pay_AbCdEfGhIjKlMn', reason: 'changed_my_mind' },
      expect.stringMatching(/^data\.rejection\.reason must be one of invoice_cancelled, /),
    ],
  ])('refuses %j', (rejection, problem) => {
    expect(paymentRejectionProblem(rejection)).toEqual(problem);
  });
});
