import { feeFor } from './fees';

describe('feeFor', () => {
  describe('for an amount whose shares are whole paise', () => {
    it('takes 2% commission plus 18% GST on it, GST being part of the fee', () => {
      expect(feeFor(50_000)).toEqual({ fee: 1180, tax: 180 });
    });

    it('takes 236 of 10000', () => {
      expect(feeFor(10_000)).toEqual({ fee: 236, tax: 36 });
    });

    it('takes nothing of nothing', () => {
      expect(feeFor(0)).toEqual({ fee: 0, tax: 0 });
    });
  });

  describe('for an amount whose commission ends in half a paisa', () => {
    it('rounds the commission half up (25 → 0.5 → 1)', () => {
      expect(feeFor(25)).toEqual({ fee: 1, tax: 0 });
    });

    it('rounds the commission half up (75 → 1.5 → 2)', () => {
      expect(feeFor(75)).toEqual({ fee: 2, tax: 0 });
    });

    it('rounds the commission half up, then the GST on the rounded commission (12525 → 250.5 → 251; 45.18 → 45)', () => {
      expect(feeFor(12_525)).toEqual({ fee: 296, tax: 45 });
    });
  });

  describe('for an amount whose commission is just below half a paisa', () => {
    it('rounds the commission down (24 → 0.48 → 0)', () => {
      expect(feeFor(24)).toEqual({ fee: 0, tax: 0 });
    });

    it('rounds the commission and the GST down (1224 → 24.48 → 24; 4.32 → 4)', () => {
      expect(feeFor(1224)).toEqual({ fee: 28, tax: 4 });
    });
  });

  describe('for an amount whose GST ends in half a paisa', () => {
    it('rounds the GST half up (commission 25 → 4.5 → 5)', () => {
      expect(feeFor(1250)).toEqual({ fee: 30, tax: 5 });
    });

    it('rounds the GST half up (commission 75 → 13.5 → 14)', () => {
      expect(feeFor(3750)).toEqual({ fee: 89, tax: 14 });
    });
  });

  describe('for the smallest payment', () => {
    it('takes 2 paise and no GST (commission 2 → GST 0.36 → 0)', () => {
      expect(feeFor(100)).toEqual({ fee: 2, tax: 0 });
    });
  });

  describe('for large amounts', () => {
    it('is exact for ₹1,000 crore', () => {
      expect(feeFor(1_000_000_000_000)).toEqual({ fee: 23_600_000_000, tax: 3_600_000_000 });
    });

    it('is exact in integer arithmetic up to the largest safe integer', () => {
      // 9007199254740991 × 2% = 180143985094819.82 → 180143985094820; × 18% = 32425917317067.6 → 32425917317068.
      expect(feeFor(Number.MAX_SAFE_INTEGER)).toEqual({
        fee: 180_143_985_094_820 + 32_425_917_317_068,
        tax: 32_425_917_317_068,
      });
    });
  });
});
