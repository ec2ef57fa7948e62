import { PaymentLinkDetailsRow } from './payment-link-details/payment-link-details.entity';
import { renderPaymentLinkPage } from './payment-link-page.html';

const CREATED_AT = 1_736_937_000;

function link(fields: Partial<PaymentLinkDetailsRow> = {}): PaymentLinkDetailsRow {
  return Object.assign(new PaymentLinkDetailsRow(), {
    id: 'plink_1Aa00000000001',
    version: 1,
    accountId: 'acc_1Aa00000000001',
    mode: 'test',
    createdAt: CREATED_AT,
    createdMs: CREATED_AT * 1000,
    amount: 120_000,
    amountPaid: 0,
    currency: 'INR',
    status: 'created',
    acceptPartial: false,
    firstMinPartialAmount: null,
    description: 'Tuition, <March>',
    referenceId: 'TS-1',
    customer: { name: 'Asha' },
    notifySms: false,
    notifyEmail: false,
    reminderEnable: false,
    notes: {},
    callbackUrl: null,
    callbackMethod: null,
    upiLink: false,
    orderId: 'order_1Aa00000000001',
    keyId: 'rzp_test_1Aa00000000001',
    shortUrl: 'https://pay.example.com/l/plink_1Aa00000000001',
    payments: [],
    expireBy: null,
    expiredAt: null,
    cancelledAt: null,
    updatedAt: CREATED_AT,
    ...fields,
  });
}

describe('a payment link’s page', () => {
  it('shows what it asks for, escaped, and a Pay button for all that is due', () => {
    const html = renderPaymentLinkPage(link());
    expect(html).toContain('<h1>Tuition, &lt;March&gt;</h1>');
    expect(html).toContain('For Asha');
    expect(html).toContain('<td>Due</td><td class="num">₹1,200.00</td>');
    expect(html).toContain('data-kind="payment_link"');
    expect(html).toContain('data-entity-id="plink_1Aa00000000001"');
    expect(html).toContain('>Pay ₹1,200.00</button>');
    expect(html).not.toContain('id="pay-amount"');
  });

  it('asks for an amount when it accepts partial payments, the first at least its minimum', () => {
    const first = renderPaymentLinkPage(
      link({ acceptPartial: true, firstMinPartialAmount: 50_000 }),
    );
    expect(first).toContain('id="pay-amount"');
    expect(first).toContain('data-partial="true"');
    expect(first).toContain('data-min-amount="50000"');
    const later = renderPaymentLinkPage(
      link({
        acceptPartial: true,
        firstMinPartialAmount: 50_000,
        status: 'partially_paid',
        amountPaid: 50_000,
        payments: [
          {
            paymentId: 'pay_1Aa00000000001',
            amount: 50_000,
            method: 'card',
            createdAt: CREATED_AT,
            capturedAt: CREATED_AT,
          },
        ],
      }),
    );
    expect(later).toContain('data-min-amount="100"');
    expect(later).toContain('data-amount-due="70000"');
    expect(later).toContain('<td>Paid</td><td class="num">₹500.00</td>');
    expect(later).toContain('<td>pay_1Aa00000000001</td>');
    expect(later).toContain('Partially paid');
  });

  it.each([
    ['paid', 'This payment link is paid in full.'],
    ['cancelled', 'This payment link was cancelled'],
    ['expired', 'This payment link has expired'],
  ] as const)('says a link that is %s takes no payment, and has no Pay button', (status, says) => {
    const html = renderPaymentLinkPage(link({ status }));
    expect(html).toContain(says);
    expect(html).not.toContain('id="pay-button"');
    expect(html).not.toContain('pay-page.js');
  });
});
