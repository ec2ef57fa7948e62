import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { InvoiceNotifier } from './invoice-notifier';
import type { InvoiceMessage } from './invoice-notifier';

/** Sends e-mails through the SMTP server at SMTP_URL; sms messages go to `fallback` (the log). */
export class SmtpNotifier extends InvoiceNotifier {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly fallback: InvoiceNotifier,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(message: InvoiceMessage): Promise<void> {
    if (message.medium !== 'email') return this.fallback.send(message);
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transport.close();
  }
}
