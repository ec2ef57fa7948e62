import type { InvoiceEntity } from '@platform/contracts';
import { renderInvoicePage } from './invoice-page.html';

const ISSUED_AT = 1_736_937_000;

function invoice(fields: Partial<InvoiceEntity> = {}): InvoiceEntity {
  const amount = fields.amount ?? 50_000;
  return {
    id: 'inv_1Aa00000000001',
    entity: 'invoice',
    type: 'invoice',
    invoice_number: 'INV-7',
    receipt: 'INV-7',
    customer_id: null,
    customer_details: {
      id: null,
      name: null,
      email: null,
      contact: null,
      gstin: null,
      customer_name: null,
      customer_email: null,
      customer_contact: null,
      customer_address: null,
      billing_address: null,
      shipping_address: null,
    },
    order_id: 'order_1Aa00000000001',
    subscription_id: null,
    payment_id: null,
    line_items: [],
    status: 'issued',
    expire_by: null,
    issued_at: ISSUED_AT,
    paid_at: null,
    cancelled_at: null,
    expired_at: null,
    date: ISSUED_AT,
    sms_status: null,
    email_status: null,
    partial_payment: false,
    first_payment_min_amount: null,
    gross_amount: amount,
    tax_amount: 0,
    taxable_amount: amount,
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency: 'INR',
    currency_symbol: '₹',
    description: null,
    short_url: 'http://localhost:3000/i/inv_1Aa00000000001',
    terms: null,
    comment: null,
    notes: {},
    view_less: true,
    group_taxes_discounts: false,
    billing_start: null,
    billing_end: null,
    created_at: ISSUED_AT,
    idempotency_key: null,
    ref_num: null,
    user_id: null,
    reminder_status: null,
    subscription_status: null,
    supply_state_code: null,
    ...fields,
  };
}

const paySectionOf = (page: string) =>
  /<section id="pay"[\s\S]*?<\/section>/.exec(page)?.[0] ?? null;
const SCRIPTS =
  '<script src="/v1/checkout.js"></script>\n<script src="/v1/checkout/assets/pay-page.js"></script>';

describe('the invoice page', () => {
  it('offers an issued invoice to be paid in full: the amount due, no amount to choose', () => {
    const page = renderInvoicePage(invoice());
    expect(paySectionOf(page)).toBe(
      `<section id="pay" data-entity-id="inv_1Aa00000000001" data-kind="invoice" data-currency="INR" data-amount-due="50000" data-partial="false" data-min-amount="50000" data-name="Invoice INV-7">
<button id="pay-button" type="button">Pay ₹500.00</button>
<p id="pay-message" role="status"></p>
</section>`,
    );
    expect(page).toContain(`</section>\n${SCRIPTS}`);
    expect(page).not.toContain('pay-amount');
  });

  it('lets the customer choose the amount of an invoice that takes partial payments, prefilled with what is due', () => {
    const page = renderInvoicePage(
      invoice({
        partial_payment: true,
        status: 'partially_paid',
        amount_paid: 20_000,
        amount_due: 30_000,
      }),
      [{ id: 'pay_1Aa00000000001', amount: 20_000, at: ISSUED_AT + 3600 }],
    );
    const section = paySectionOf(page) as string;
    expect(section).toContain('data-amount-due="30000" data-partial="true" data-min-amount="100"');
    expect(section).toContain(
      '<label for="pay-amount">Amount to pay</label> <input id="pay-amount" name="amount" inputmode="decimal" value="300.00">',
    );
    expect(section).toContain('<button id="pay-button" type="button">Pay ₹300.00</button>');
    expect(page).toContain('₹200.00 of ₹500.00 paid; ₹300.00 is still due.');
    expect(page).toContain(
      '<tr><td>2025-01-15 17:00 IST</td><td>pay_1Aa00000000001</td><td class="num">₹200.00</td></tr>',
    );
  });

  it('asks no less than all that is due when less than the smallest part is left', () => {
    const section = paySectionOf(
      renderInvoicePage(invoice({ partial_payment: true, amount_paid: 49_950, amount_due: 50 })),
    );
    expect(section).toContain('data-amount-due="50" data-partial="true" data-min-amount="50"');
  });

  it('shows a paid invoice paid, with its payments, and nothing to pay', () => {
    const page = renderInvoicePage(
      invoice({ status: 'paid', amount_paid: 50_000, amount_due: 0, paid_at: ISSUED_AT + 7200 }),
      [
        { id: 'pay_1Aa00000000001', amount: 20_000, at: ISSUED_AT + 3600 },
        { id: 'pay_1Aa00000000002', amount: 30_000, at: ISSUED_AT + 7200 },
      ],
    );
    expect(paySectionOf(page)).toBeNull();
    expect(page).not.toContain('checkout.js');
    expect(page).toContain('Paid in full on 2025-01-15 18:00 IST. Thank you.');
    expect(page.match(/<td>pay_1Aa0000000000\d<\/td>/g)).toHaveLength(2);
  });

  it.each(['cancelled', 'expired'] as const)(
    'offers an invoice that is %s nothing to pay',
    (status) => {
      const page = renderInvoicePage(invoice({ status }));
      expect(paySectionOf(page)).toBeNull();
      expect(page).not.toContain('<script');
    },
  );

  it('escapes the title the checkout shows', () => {
    const section = paySectionOf(
      renderInvoicePage(invoice({ invoice_number: '"><script>x</script>' })),
    );
    expect(section).toContain('data-name="Invoice &quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });
});
