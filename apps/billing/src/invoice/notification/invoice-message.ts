import type { InvoiceEntity } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import { formatAmount } from '@platform/notification';
import type { NotificationMessage } from '@platform/notification';
import type { NotificationMedium } from '../invoice.events';

/** The message for the customer; a medium the customer gave no address for is refused (400). */
export function invoiceMessage(
  invoice: InvoiceEntity,
  medium: NotificationMedium,
): NotificationMessage {
  const to = medium === 'sms' ? invoice.customer_details.contact : invoice.customer_details.email;
  if (!to)
    throw new ValidationFailed(
      `The invoice's customer has no ${medium === 'sms' ? 'contact' : 'email'} to send it to.`,
      'medium',
    );
  const what =
    invoice.type === 'link' ? 'Payment link' : `Invoice ${invoice.invoice_number ?? invoice.id}`;
  const due = formatAmount(invoice.amount_due, invoice.currency);
  return {
    about: { invoiceId: invoice.id },
    medium,
    to,
    subject: `${what}: ${due} due`,
    text: `${what}${invoice.description ? ` for ${invoice.description}` : ''}: ${due} due. Pay at ${invoice.short_url ?? ''}`,
  };
}
