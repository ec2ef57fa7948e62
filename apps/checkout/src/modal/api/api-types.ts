/** The answers of the checkout's public API (key id only), as the modal reads them. */

export interface Preferences {
  mode: 'test' | 'live';
  merchant?: { name?: string };
  options?: { redirect?: boolean };
  /** null: live mode with no acquirer configured, so no payment can be taken. */
  acquirer: string | null;
  methods: {
    card?: boolean;
    upi?: boolean;
    /** Bank code → display name. */
    netbanking?: Record<string, string> | false;
    wallet?: Record<string, boolean> | false;
  };
  order?: {
    id: string;
    amount: number;
    amount_paid: number;
    amount_due: number;
    currency: string;
    status: string;
    partial_payment: boolean;
    first_payment_min_amount: number | null;
  };
  subscription?: { id: string; status: string; amount: number; currency: string };
}

/** The API's error body's `error`, as far as an answer carried it. */
export interface ApiError {
  code?: string;
  description: string;
  source?: string;
  step?: string;
  reason?: string;
  field?: string;
  metadata?: Record<string, unknown>;
}

export type ApiResult<T> = { ok: true; body: T } | { ok: false; status: number; error: ApiError };

/** A payment as POST /v1/checkout/payments and GET /v1/checkout/payments/:id answer it. */
export interface PaymentAnswer {
  razorpay_payment_id: string;
  status: string;
  next?: { action: string; url: string };
  error?: ApiError;
  [field: string]: unknown;
}

/** What POST /v1/checkout/payments takes. */
export interface PaymentRequest {
  key_id: string;
  order_id?: string;
  subscription_id?: string;
  amount?: number;
  method: string;
  card?: {
    number: string;
    name?: string;
    expiry_month: number;
    expiry_year: number;
    cvv: string;
  };
  vpa?: string;
  bank?: string;
  wallet?: string;
  email?: string;
  contact?: string;
  customer_id?: string;
  notes?: Record<string, string | number | boolean>;
  description?: string;
}
