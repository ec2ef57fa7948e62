/** How many of the subscription's next automatic charges the simulated bank will decline. */
export interface DeclinedChargesResponse {
  /** @example "sub_1Aa00000000001" */
  subscription_id: string;
  /**
   * How many of the next automatic charges will be declined: the `count` sent.
   *
   * @minimum 0
   *
   * @maximum 12
   */
  declines_remaining: number;
}
