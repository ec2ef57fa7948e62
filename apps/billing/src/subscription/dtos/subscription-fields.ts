import { IsInt, Max, Min } from 'class-validator';

/** A count of cycles or units: an integer from 1 to 1000. */
export const Count = (field: string) => (target: object, property: string) => {
  Max(1000, { message: `The ${field} may not be greater than 1000.` })(target, property);
  Min(1, { message: `The ${field} must be at least 1.` })(target, property);
  IsInt({ message: `The ${field} must be an integer.` })(target, property);
};
