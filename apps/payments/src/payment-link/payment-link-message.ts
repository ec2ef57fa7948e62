import { ValidationFailed } from '@platform/domain-kit';
import { formatAmount } from '@platform/notification';
import type { NotificationMedium, NotificationMessage } from '@platform/notification';
import type { PaymentLinkDetailsRow } from './payment-link-details/payment-link-details.entity';

/** The link for its customer; a medium the customer gave no address for is refused (400). */
export function paymentLinkMessage(
  link: PaymentLinkDetailsRow,
  medium: NotificationMedium,
): NotificationMessage {
  const to = medium === 'sms' ? link.customer.contact : link.customer.email;
  if (!to)
    throw new ValidationFailed(
      `The payment link's customer has no ${medium === 'sms' ? 'contact' : 'email'} to send it to.`,
      'medium',
    );
  const due = formatAmount(link.amount - link.amountPaid, link.currency);
  const what = link.description ? `Payment request for ${link.description}` : 'Payment request';
  return {
    about: { paymentLinkId: link.id },
    medium,
    to,
    subject: `${what}: ${due}`,
    text: `${what}: ${due} due. Pay at ${link.shortUrl}`,
  };
}
