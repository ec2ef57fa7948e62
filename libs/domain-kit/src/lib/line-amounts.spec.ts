import { documentTotals, lineAmounts, percentToBasisPoints } from './line-amounts';

describe('line amounts', () => {
  it('adds the tax on top of a tax-exclusive line, rounding half up to the paisa', () => {
    expect(
      lineAmounts({
        unitAmount: 10000,
        quantity: 3,
        taxRateBasisPoints: 1800,
        taxInclusive: false,
      }),
    ).toEqual({ grossAmount: 30000, taxableAmount: 30000, taxAmount: 5400, netAmount: 35400 });
    // 25 × 5% = 1.25 → 1; 30 × 5% = 1.5 → 2
    expect(
      lineAmounts({ unitAmount: 25, quantity: 1, taxRateBasisPoints: 500, taxInclusive: false })
        .taxAmount,
    ).toBe(1);
    expect(
      lineAmounts({ unitAmount: 30, quantity: 1, taxRateBasisPoints: 500, taxInclusive: false })
        .taxAmount,
    ).toBe(2);
  });

  it('carves the tax out of a tax-inclusive line, so the customer pays the written amount', () => {
    // 11800 at 18% inclusive: taxable 10000, tax 1800
    expect(
      lineAmounts({ unitAmount: 11800, quantity: 1, taxRateBasisPoints: 1800, taxInclusive: true }),
    ).toEqual({ grossAmount: 11800, taxableAmount: 10000, taxAmount: 1800, netAmount: 11800 });
    // 100 at 18% inclusive: 84.745… → 85, tax 15
    expect(
      lineAmounts({ unitAmount: 100, quantity: 1, taxRateBasisPoints: 1800, taxInclusive: true }),
    ).toEqual({ grossAmount: 100, taxableAmount: 85, taxAmount: 15, netAmount: 100 });
  });

  it('leaves an untaxed line as it is, and stays exact beyond 2^53 / 10000', () => {
    expect(
      lineAmounts({ unitAmount: 999, quantity: 7, taxRateBasisPoints: null, taxInclusive: false }),
    ).toEqual({ grossAmount: 6993, taxableAmount: 6993, taxAmount: 0, netAmount: 6993 });
    expect(
      lineAmounts({
        unitAmount: 900_000_000_000,
        quantity: 1,
        taxRateBasisPoints: 2800,
        taxInclusive: false,
      }).taxAmount,
    ).toBe(252_000_000_000);
  });

  it('sums lines into the document totals', () => {
    const lines = [
      lineAmounts({
        unitAmount: 10000,
        quantity: 1,
        taxRateBasisPoints: 1800,
        taxInclusive: false,
      }),
      lineAmounts({ unitAmount: 500, quantity: 2, taxRateBasisPoints: null, taxInclusive: false }),
    ];
    expect(documentTotals(lines)).toEqual({
      grossAmount: 11000,
      taxableAmount: 11000,
      taxAmount: 1800,
      netAmount: 12800,
    });
    expect(documentTotals([])).toEqual({
      grossAmount: 0,
      taxableAmount: 0,
      taxAmount: 0,
      netAmount: 0,
    });
  });

  it('converts the API percent to basis points without float residue', () => {
    expect([0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18, 28].map(percentToBasisPoints)).toEqual([
      0, 10, 25, 100, 150, 300, 500, 1200, 1800, 2800,
    ]);
  });
});
