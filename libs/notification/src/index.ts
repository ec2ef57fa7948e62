export * from './lib/notifier';
export * from './lib/log-notifier';
export * from './lib/smtp-notifier';
export * from './lib/notification.module';
export * from './lib/money-text';
