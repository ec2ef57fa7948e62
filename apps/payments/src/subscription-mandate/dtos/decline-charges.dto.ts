import { IsInt, Max, Min } from 'class-validator';

/** @example {"count":4} */
// POST /v1/simulator/subscriptions/:id/decline_charges (test keys only).
export class DeclineChargesDto {
  /**
   * How many of the next automatic charges to decline; 0 clears the switch.
   *
   * @example 4
   */
  @IsInt({ message: 'The count must be an integer.' })
  @Min(0, { message: 'The count must be between 0 and 12.' })
  @Max(12, { message: 'The count must be between 0 and 12.' })
  count!: number;
}
