/** Kafka topics of the platform: `<service>.<aggregate>`, keyed by aggregate id. */
export const Topics = {
  billingCustomer: 'billing.customer',
  billingInvoice: 'billing.invoice',
  billingSubscription: 'billing.subscription',
  gatewayTestClock: 'gateway.test_clock',
  paymentsOrder: 'payments.order',
  paymentsPayment: 'payments.payment',
  paymentsRefund: 'payments.refund',
  paymentsQrCode: 'payments.qr_code',
  paymentsDispute: 'payments.dispute',
  paymentsPaymentLink: 'payments.payment_link',
  settlementsSettlement: 'settlements.settlement',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
