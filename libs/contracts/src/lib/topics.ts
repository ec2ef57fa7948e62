/** Kafka topics of the platform: `<service>.<aggregate>`, keyed by aggregate id. */
export const Topics = {
  billingCustomer: 'billing.customer',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
