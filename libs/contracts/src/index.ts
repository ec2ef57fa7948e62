export * from './lib/envelope';
export * from './lib/topics';
export * from './lib/customers/customer.entity';
export * from './lib/customers/customer-created.event';
export * from './lib/customers/customer-updated.event';
export * from './lib/customers/customer-event.payload';
