import type { PaymentError, SuccessResponse } from './messages';

/** The fields a successful payment posts to callback_url: the razorpay_* ones of the answer. */
export function successFields(response: SuccessResponse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response).filter(([name]) => name.startsWith('razorpay_')),
  );
}

/**
 * A failure posted to callback_url: `error[code]`, `error[description]`, `error[source]`,
 * `error[step]`, `error[reason]`, `error[field]` when there is one, and `error[metadata]` as a
 * JSON string (`{"payment_id":…,"order_id":…}`), the way Razorpay's server posts it.
 */
export function errorFields(error: PaymentError): Record<string, string> {
  const fields: Record<string, string> = {
    'error[code]': error.code,
    'error[description]': error.description,
    'error[source]': error.source,
    'error[step]': error.step,
    'error[reason]': error.reason,
  };
  if (error.field !== undefined) fields['error[field]'] = error.field;
  fields['error[metadata]'] = JSON.stringify(error.metadata);
  return fields;
}

/** Posts the fields as a form (a full-page navigation, to `target`), from the current document. */
export function submitForm(request: {
  url: string;
  fields: Record<string, string>;
  target?: string;
  method?: 'post' | 'get';
}): void {
  const form = document.createElement('form');
  form.method = request.method ?? 'post';
  form.action = request.url;
  if (request.target) form.target = request.target;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(request.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
