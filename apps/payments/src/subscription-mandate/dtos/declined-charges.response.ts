/** How many of the subscription's next automatic charges the simulated bank will decline. */
export interface DeclinedChargesResponse {
  subscription_id: string;
  declines_remaining: number;
}
