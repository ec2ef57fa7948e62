import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { Notifier } from './notifier';
import type { NotificationMessage } from './notifier';

/** Sends e-mails through the SMTP server at SMTP_URL; sms messages go to `fallback` (the log). */
export class SmtpNotifier extends Notifier {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly fallback: Notifier,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(message: NotificationMessage): Promise<void> {
    if (message.medium !== 'email') return this.fallback.send(message);
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  /** Nest calls it at shutdown: no SMTP connection is left open. */
  onApplicationShutdown(): void {
    this.transport.close();
  }
}
