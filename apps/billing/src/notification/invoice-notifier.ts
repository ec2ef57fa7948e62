import type { NotificationMedium } from '../invoice/invoice.events';

/** One message about an invoice, to the customer's phone (sms) or mailbox (email). */
export interface InvoiceMessage {
  /** What the message is about, logged with it: an invoice, or the subscription a link authorizes. */
  invoiceId?: string;
  subscriptionId?: string;
  medium: NotificationMedium;
  to: string;
  subject: string;
  text: string;
}

/**
 * The notification port: how an invoice reaches its customer. The default adapter writes the
 * message to the log; with SMTP_URL set, e-mails go out over SMTP (sms still goes to the log: no
 * SMS provider is wired in).
 */
export abstract class InvoiceNotifier {
  abstract send(message: InvoiceMessage): Promise<void>;
}
