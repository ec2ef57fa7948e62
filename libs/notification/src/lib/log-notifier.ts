import { Logger } from '@nestjs/common';
import { Notifier } from './notifier';
import type { NotificationMessage } from './notifier';

/** Writes each message to the service log: the default, for development and test mode. */
export class LogNotifier extends Notifier {
  private readonly logger = new Logger('Notifier');

  /** One line with what the message is about and its recipient (`to`) as fields, and the message itself. */
  async send({ about, ...message }: NotificationMessage): Promise<void> {
    this.logger.log({ msg: 'customer notification', ...about, ...message });
  }
}
