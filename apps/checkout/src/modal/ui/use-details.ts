import { useCallback, useState } from 'preact/hooks';
import type { CheckoutOptions } from '../../options/checkout-options';
import { prefilledChoice, type MethodChoice, type MethodGroup } from '../../options/display-config';
import {
  contactErrors,
  initialValues,
  type DetailsErrors,
  type DetailsField,
  type DetailsValues,
} from '../payment-details';

export interface Details {
  values: DetailsValues;
  errors: DetailsErrors;
  /** The method being filled in; null on the first screen (contact details and the method list). */
  choice: MethodChoice | null;
  set(field: DetailsField, value: string): void;
  showErrors(errors: DetailsErrors): void;
  choose(choice: MethodChoice | null): void;
  /** After a failed attempt the CVV is asked again; everything else stays. */
  forgetCvv(): void;
}

/**
 * `prefill.method` opens that method at once, as Razorpay's checkout does, but only when the
 * contact details need nothing more from the customer.
 */
function startingChoice(options: CheckoutOptions, groups: MethodGroup[]): MethodChoice | null {
  if (!options.prefill.method) return null;
  const complete = Object.keys(contactErrors(initialValues(options), options)).length === 0;
  return complete ? prefilledChoice(groups, options.prefill.method) : null;
}

/** The customer's details, their problems and the method chosen, for the whole checkout. */
export function useDetails(options: CheckoutOptions, groups: MethodGroup[]): Details {
  const [values, setValues] = useState(() => initialValues(options));
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [choice, setChoice] = useState(() => startingChoice(options, groups));
  const set = useCallback((field: DetailsField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  }, []);
  const choose = useCallback((next: MethodChoice | null) => {
    setChoice(next);
    setErrors({});
  }, []);
  const forgetCvv = useCallback(() => setValues((previous) => ({ ...previous, cvv: '' })), []);
  return { values, errors, choice, set, showErrors: setErrors, choose, forgetCvv };
}
