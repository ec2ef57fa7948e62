/** `amount × basisPoints / 10000` (2% = 200), rounded half up to the smallest unit, in exact integer arithmetic. */
export function basisPointsOf(amount: number, basisPoints: number): number {
  return Number((BigInt(amount) * BigInt(basisPoints) + 5000n) / 10000n);
}
