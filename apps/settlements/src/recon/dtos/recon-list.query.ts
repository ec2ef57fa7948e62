import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_RECON_COUNT = 1000;

/** Query strings carry numbers as text: "06" is 6; "6.5", "1e3" and "" are left for @IsInt to refuse. */
const toWholeNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

/** GET /v1/settlements/recon/combined: `year` and `month` (the report's month), `day` to narrow it to a day (UTC). */
export class ReconListQuery {
  /**
   * The year of the report ("The year field is required.", "The year must be 4 digits.").
   *
   * @example 2025
   */
  @IsDefined({ message: 'The year field is required.' })
  @Transform(toWholeNumber)
  @Min(1000, { message: 'The year must be 4 digits.' })
  @Max(9999, { message: 'The year must be 4 digits.' })
  @IsInt({ message: 'The year must be 4 digits.' })
  year!: number;

  /**
   * The month, 1 to 12; `06` is read as 6 ("The month field is required.", "The month is not a
   * valid month.").
   */
  @IsDefined({ message: 'The month field is required.' })
  @Transform(toWholeNumber)
  @Min(1, { message: 'The month is not a valid month.' })
  @Max(12, { message: 'The month is not a valid month.' })
  @IsInt({ message: 'The month is not a valid month.' })
  month!: number;

  /**
   * Only the settlements processed on this day of the month, in UTC ("The day must be between 1 and
   * 31.", "The day must be between 1 and 2 digits." for one that is not a whole number; a day the
   * month does not have, such as 31 in April: "The day is not a valid day of the month.").
   */
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(1, { message: 'The day must be between 1 and 31.' })
  @Max(31, { message: 'The day must be between 1 and 31.' })
  @IsInt({ message: 'The day must be between 1 and 2 digits.' })
  day?: number;

  /**
   * How many rows to return ("The count must be at least 1.", "The count may not be greater than
   * 1000.").
   *
   * @defaultValue 1000
   */
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(1, { message: 'The count must be at least 1.' })
  @Max(MAX_RECON_COUNT, { message: `The count may not be greater than ${MAX_RECON_COUNT}.` })
  @IsInt({ message: 'The count must be an integer.' })
  count: number = MAX_RECON_COUNT;

  /**
   * How many rows to skip ("The skip must be at least 0.").
   *
   * @defaultValue 0
   */
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(0, { message: 'The skip must be at least 0.' })
  @IsInt({ message: 'The skip must be an integer.' })
  skip = 0;
}
