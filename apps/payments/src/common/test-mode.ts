/** The answer of the simulator's endpoints to live keys. */
export const TEST_KEYS_ONLY =
  'The simulator works with test mode keys only: live payments come from a real checkout.';
