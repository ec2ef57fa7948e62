import { paymentsTable } from './payments-table';

describe('paymentsTable', () => {
  const money = (minor: number) => `₹${(minor / 100).toFixed(2)}`;

  it('is nothing without payments', () => expect(paymentsTable([], money)).toBe(''));

  it('lists each payment with when it was paid, its id (escaped) and its amount', () => {
    const table = paymentsTable(
      [
        { id: 'pay_1Aa00000000001', amount: 40000, at: 1767225600 },
        { id: 'pay_<b>', amount: 60000, at: 1767229200 },
      ],
      money,
    );
    expect(table).toContain('<h2>Payments</h2>');
    expect(table).toContain('<td>pay_1Aa00000000001</td><td class="num">₹400.00</td>');
    expect(table).toContain('<td>pay_&lt;b&gt;</td><td class="num">₹600.00</td>');
    expect(table.match(/<tr><td>/g)).toHaveLength(2);
  });
});
