import { IsOptional, IsString } from 'class-validator';

/** The key id a checkout GET carries: accepted and not used here (the gateway authenticated it). */
export class CheckoutKeyQuery {
  /** @example "rzp_test_1Aa00000000001" */
  @IsOptional()
  @IsString({ message: 'The key_id must be a string.' })
  key_id?: string;
}

/** What checkout asks preferences for: the key, and the order or subscription it was opened with. */
export class CheckoutPreferencesQuery extends CheckoutKeyQuery {
  /**
   * The order checkout pays: its amounts and status come back as `order`.
   *
   * @example "order_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The order_id must be a string.' })
  order_id?: string;

  /**
   * The subscription checkout authorizes: what its authorization charges comes back as
   * `subscription`.
   *
   * @example "sub_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The subscription_id must be a string.' })
  subscription_id?: string;
}
