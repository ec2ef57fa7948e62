import { Logger } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';

/** An e-mail to the integrator about its webhook. */
export interface AlertMessage {
  to: string;
  subject: string;
  text: string;
}

/** The notification port for webhook alerts: SMTP when SMTP_URL is set, the log otherwise. */
export abstract class AlertMailer {
  abstract send(message: AlertMessage): Promise<void>;
}

export class LogAlertMailer extends AlertMailer {
  private readonly logger = new Logger('WebhookAlerts');

  async send(message: AlertMessage): Promise<void> {
    this.logger.warn({ msg: 'webhook alert', ...message });
  }
}

export class SmtpAlertMailer extends AlertMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(message: AlertMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }
}
