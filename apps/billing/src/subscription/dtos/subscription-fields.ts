import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToFlag } from '@platform/http';

/** A count of cycles or units: an integer from 1 to 1000. */
export const Count = (field: string) => (target: object, property: string) => {
  Max(1000, { message: `The ${field} may not be greater than 1000.` })(target, property);
  Min(1, { message: `The ${field} must be at least 1.` })(target, property);
  IsInt({ message: `The ${field} must be an integer.` })(target, property);
};

/** Whether the platform tells the customer (true/false, 1/0 or "1"/"0", as create and update take it). */
export const CustomerNotify = () => (target: object, property: string) => {
  IsBoolean({ message: 'The customer_notify must be 1 or 0.' })(target, property);
  ToFlag()(target, property);
  IsOptional()(target, property);
};
