/** How a message reaches the customer: a text to their phone, or an e-mail. */
export type NotificationMedium = 'sms' | 'email';

/** One message to a customer's phone (sms) or mailbox (email). */
export interface NotificationMessage {
  medium: NotificationMedium;
  to: string;
  subject: string;
  text: string;
  /** What the message is about (an invoice's id, a payment link's), logged with it. */
  about?: Record<string, string>;
}

/**
 * The notification port: how a service reaches its customers. The default adapter writes the
 * message to the log; with SMTP_URL set, e-mails go out over SMTP (sms still goes to the log: no
 * SMS provider is wired in).
 */
export abstract class Notifier {
  abstract send(message: NotificationMessage): Promise<void>;
}
