import { Logger } from '@nestjs/common';
import { InvoiceNotifier } from './invoice-notifier';
import type { InvoiceMessage } from './invoice-notifier';

/** Writes each message to the service log: the default, for development and test mode. */
export class LogNotifier extends InvoiceNotifier {
  private readonly logger = new Logger('InvoiceNotifier');

  /** One line with the invoice (or subscription) id and the recipient (`to`) as fields, and the message itself. */
  async send(message: InvoiceMessage): Promise<void> {
    this.logger.log({ msg: 'invoice notification', ...message });
  }
}
