// Generated from TopicMessages (../topic-messages.ts) by `npm run contracts:schemas`; do not edit.
// A test fails when it differs from what the types generate.
export const TOPIC_MESSAGES_SCHEMA = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$ref": "#/definitions/TopicMessages",
  "definitions": {
    "TopicMessages": {
      "type": "object",
      "properties": {
        "billing.customer": {
          "anyOf": [
            {
              "$ref": "#/definitions/CustomerCreatedEvent"
            },
            {
              "$ref": "#/definitions/CustomerUpdatedEvent"
            }
          ]
        },
        "billing.invoice": {
          "$ref": "#/definitions/PublishedInvoiceEvent"
        },
        "billing.subscription": {
          "$ref": "#/definitions/PublishedSubscriptionEvent"
        },
        "gateway.test_clock": {
          "$ref": "#/definitions/TestClockAdvancedEvent"
        },
        "payments.order": {
          "$ref": "#/definitions/OrderPaidEvent"
        },
        "payments.payment": {
          "$ref": "#/definitions/PublishedPaymentEvent"
        },
        "payments.refund": {
          "$ref": "#/definitions/PublishedRefundEvent"
        },
        "payments.qr_code": {
          "$ref": "#/definitions/PublishedQrCodeEvent"
        },
        "payments.dispute": {
          "$ref": "#/definitions/PublishedDisputeEvent"
        },
        "payments.payment_link": {
          "$ref": "#/definitions/PublishedPaymentLinkEvent"
        },
        "settlements.settlement": {
          "$ref": "#/definitions/PublishedSettlementEvent"
        }
      },
      "required": [
        "billing.customer",
        "billing.invoice",
        "billing.subscription",
        "gateway.test_clock",
        "payments.order",
        "payments.payment",
        "payments.refund",
        "payments.qr_code",
        "payments.dispute",
        "payments.payment_link",
        "settlements.settlement"
      ]
    },
    "CustomerCreatedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "customer.created"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "customer": {
              "$ref": "#/definitions/CustomerEntity"
            }
          },
          "required": [
            "customer"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "Mode": {
      "type": "string",
      "enum": [
        "test",
        "live"
      ]
    },
    "CustomerEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "customer"
        },
        "name": {
          "type": [
            "string",
            "null"
          ]
        },
        "email": {
          "type": [
            "string",
            "null"
          ]
        },
        "contact": {
          "type": [
            "string",
            "null"
          ]
        },
        "gstin": {
          "type": [
            "string",
            "null"
          ]
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "created_at": {
          "type": "number"
        }
      },
      "required": [
        "id",
        "entity",
        "name",
        "email",
        "contact",
        "gstin",
        "notes",
        "created_at"
      ]
    },
    "Notes": {
      "type": "object",
      "additionalProperties": {
        "type": [
          "string",
          "number"
        ]
      }
    },
    "CustomerUpdatedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "customer.updated"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "customer": {
              "$ref": "#/definitions/CustomerEntity"
            },
            "changed": {
              "type": "array",
              "items": {
                "type": "string"
              }
            }
          },
          "required": [
            "customer",
            "changed"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PublishedInvoiceEvent": {
      "anyOf": [
        {
          "$ref": "#/definitions/InvoiceChangedEvent"
        },
        {
          "$ref": "#/definitions/InvoiceChargeRequestedEvent"
        },
        {
          "$ref": "#/definitions/InvoicePaymentRejectedEvent"
        }
      ]
    },
    "InvoiceChangedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "$ref": "#/definitions/InvoicePublishedType"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "invoice": {
              "$ref": "#/definitions/InvoiceEntity"
            }
          },
          "required": [
            "invoice"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "InvoicePublishedType": {
      "type": "string",
      "enum": [
        "invoice.issued",
        "invoice.partially_paid",
        "invoice.paid",
        "invoice.cancelled",
        "invoice.expired"
      ]
    },
    "InvoiceEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "invoice"
        },
        "type": {
          "$ref": "#/definitions/InvoiceType"
        },
        "invoice_number": {
          "type": [
            "string",
            "null"
          ]
        },
        "receipt": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_details": {
          "$ref": "#/definitions/InvoiceCustomerDetails"
        },
        "order_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "subscription_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "payment_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "line_items": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/LineItemEntity"
          }
        },
        "status": {
          "$ref": "#/definitions/InvoiceStatus"
        },
        "expire_by": {
          "type": [
            "number",
            "null"
          ]
        },
        "issued_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "paid_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "cancelled_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "expired_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "date": {
          "type": [
            "number",
            "null"
          ]
        },
        "sms_status": {
          "anyOf": [
            {
              "$ref": "#/definitions/NotificationStatus"
            },
            {
              "type": "null"
            }
          ]
        },
        "email_status": {
          "anyOf": [
            {
              "$ref": "#/definitions/NotificationStatus"
            },
            {
              "type": "null"
            }
          ]
        },
        "partial_payment": {
          "type": "boolean"
        },
        "first_payment_min_amount": {
          "type": "null"
        },
        "gross_amount": {
          "type": "number"
        },
        "tax_amount": {
          "type": "number"
        },
        "taxable_amount": {
          "type": "number"
        },
        "amount": {
          "type": "number"
        },
        "amount_paid": {
          "type": "number"
        },
        "amount_due": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "currency_symbol": {
          "type": [
            "string",
            "null"
          ]
        },
        "description": {
          "type": [
            "string",
            "null"
          ]
        },
        "short_url": {
          "type": [
            "string",
            "null"
          ],
          "format": "uri"
        },
        "terms": {
          "type": [
            "string",
            "null"
          ]
        },
        "comment": {
          "type": [
            "string",
            "null"
          ]
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "view_less": {
          "type": "boolean",
          "const": true
        },
        "group_taxes_discounts": {
          "type": "boolean",
          "const": false
        },
        "billing_start": {
          "type": [
            "number",
            "null"
          ]
        },
        "billing_end": {
          "type": [
            "number",
            "null"
          ]
        },
        "created_at": {
          "type": "number"
        },
        "idempotency_key": {
          "type": "null"
        },
        "ref_num": {
          "type": "null"
        },
        "user_id": {
          "type": "null"
        },
        "reminder_status": {
          "type": "null"
        },
        "subscription_status": {
          "type": "null"
        },
        "supply_state_code": {
          "type": "null"
        }
      },
      "required": [
        "id",
        "entity",
        "type",
        "invoice_number",
        "receipt",
        "customer_id",
        "customer_details",
        "order_id",
        "subscription_id",
        "payment_id",
        "line_items",
        "status",
        "expire_by",
        "issued_at",
        "paid_at",
        "cancelled_at",
        "expired_at",
        "date",
        "sms_status",
        "email_status",
        "partial_payment",
        "first_payment_min_amount",
        "gross_amount",
        "tax_amount",
        "taxable_amount",
        "amount",
        "amount_paid",
        "amount_due",
        "currency",
        "currency_symbol",
        "description",
        "short_url",
        "terms",
        "comment",
        "notes",
        "view_less",
        "group_taxes_discounts",
        "billing_start",
        "billing_end",
        "created_at",
        "idempotency_key",
        "ref_num",
        "user_id",
        "reminder_status",
        "subscription_status",
        "supply_state_code"
      ]
    },
    "InvoiceType": {
      "type": "string",
      "enum": [
        "invoice",
        "link"
      ]
    },
    "InvoiceCustomerDetails": {
      "type": "object",
      "properties": {
        "id": {
          "type": [
            "string",
            "null"
          ]
        },
        "name": {
          "type": [
            "string",
            "null"
          ]
        },
        "email": {
          "type": [
            "string",
            "null"
          ]
        },
        "contact": {
          "type": [
            "string",
            "null"
          ]
        },
        "gstin": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_name": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_email": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_contact": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_address": {
          "anyOf": [
            {
              "$ref": "#/definitions/AddressEntity"
            },
            {
              "type": "null"
            }
          ]
        },
        "billing_address": {
          "anyOf": [
            {
              "$ref": "#/definitions/AddressEntity"
            },
            {
              "type": "null"
            }
          ]
        },
        "shipping_address": {
          "anyOf": [
            {
              "$ref": "#/definitions/AddressEntity"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "id",
        "name",
        "email",
        "contact",
        "gstin",
        "customer_name",
        "customer_email",
        "customer_contact",
        "customer_address",
        "billing_address",
        "shipping_address"
      ]
    },
    "AddressEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": [
            "string",
            "null"
          ]
        },
        "type": {
          "$ref": "#/definitions/AddressType"
        },
        "primary": {
          "type": "boolean",
          "const": true
        },
        "line1": {
          "type": "string"
        },
        "line2": {
          "type": [
            "string",
            "null"
          ]
        },
        "zipcode": {
          "type": "string"
        },
        "city": {
          "type": "string"
        },
        "state": {
          "type": [
            "string",
            "null"
          ]
        },
        "country": {
          "type": "string"
        },
        "contact": {
          "type": [
            "string",
            "null"
          ]
        },
        "name": {
          "type": [
            "string",
            "null"
          ]
        },
        "tag": {
          "type": [
            "string",
            "null"
          ]
        },
        "landmark": {
          "type": [
            "string",
            "null"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "primary",
        "line1",
        "line2",
        "zipcode",
        "city",
        "state",
        "country",
        "contact",
        "name",
        "tag",
        "landmark"
      ]
    },
    "AddressType": {
      "type": "string",
      "enum": [
        "billing_address",
        "shipping_address"
      ]
    },
    "LineItemEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "item_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "ref_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "ref_type": {
          "type": [
            "string",
            "null"
          ]
        },
        "name": {
          "type": "string"
        },
        "description": {
          "type": [
            "string",
            "null"
          ]
        },
        "amount": {
          "type": "number"
        },
        "unit_amount": {
          "type": "number"
        },
        "gross_amount": {
          "type": "number"
        },
        "tax_amount": {
          "type": "number"
        },
        "taxable_amount": {
          "type": "number"
        },
        "net_amount": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "type": {
          "$ref": "#/definitions/LineItemType"
        },
        "tax_inclusive": {
          "type": "boolean"
        },
        "hsn_code": {
          "type": [
            "string",
            "null"
          ]
        },
        "sac_code": {
          "type": [
            "string",
            "null"
          ]
        },
        "tax_rate": {
          "anyOf": [
            {
              "$ref": "#/definitions/GstRatePercent"
            },
            {
              "type": "null"
            }
          ]
        },
        "unit": {
          "type": [
            "string",
            "null"
          ]
        },
        "quantity": {
          "type": "number",
          "minimum": 1
        },
        "taxes": {
          "type": "array",
          "items": {
            "not": {}
          },
          "maxItems": 0
        }
      },
      "required": [
        "id",
        "item_id",
        "ref_id",
        "ref_type",
        "name",
        "description",
        "amount",
        "unit_amount",
        "gross_amount",
        "tax_amount",
        "taxable_amount",
        "net_amount",
        "currency",
        "type",
        "tax_inclusive",
        "hsn_code",
        "sac_code",
        "tax_rate",
        "unit",
        "quantity",
        "taxes"
      ]
    },
    "CurrencyCode": {
      "type": "string"
    },
    "LineItemType": {
      "type": "string",
      "enum": [
        "invoice",
        "plan",
        "addon",
        "discount"
      ]
    },
    "GstRatePercent": {
      "type": "number",
      "enum": [
        0,
        0.1,
        0.25,
        1,
        1.5,
        3,
        5,
        12,
        18,
        28
      ]
    },
    "InvoiceStatus": {
      "type": "string",
      "enum": [
        "draft",
        "issued",
        "partially_paid",
        "paid",
        "cancelled",
        "expired",
        "deleted"
      ]
    },
    "NotificationStatus": {
      "type": "string",
      "enum": [
        "pending",
        "sent"
      ]
    },
    "InvoiceChargeRequestedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "invoice.charge_requested"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "invoice": {
              "$ref": "#/definitions/InvoiceEntity"
            },
            "attempt": {
              "type": "number"
            }
          },
          "required": [
            "invoice",
            "attempt"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "InvoicePaymentRejectedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "invoice.payment_rejected"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "invoice": {
              "$ref": "#/definitions/InvoiceEntity"
            },
            "rejection": {
              "$ref": "#/definitions/PaymentRejection"
            }
          },
          "required": [
            "invoice",
            "rejection"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PaymentRejection": {
      "type": "object",
      "properties": {
        "payment_id": {
          "type": "string"
        },
        "reason": {
          "$ref": "#/definitions/PaymentRejectionReason"
        }
      },
      "required": [
        "payment_id",
        "reason"
      ]
    },
    "PaymentRejectionReason": {
      "type": "string",
      "enum": [
        "invoice_cancelled",
        "invoice_expired",
        "invoice_paid",
        "exceeds_amount_due",
        "subscription_cancelled",
        "subscription_completed",
        "subscription_expired"
      ]
    },
    "PublishedSubscriptionEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "$ref": "#/definitions/SubscriptionPublishedType"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "subscription": {
              "$ref": "#/definitions/SubscriptionEntity"
            },
            "authorization": {
              "$ref": "#/definitions/SubscriptionAuthorizationEntity"
            },
            "invoice_id": {
              "type": "string"
            },
            "payment_id": {
              "type": "string"
            },
            "rejection": {
              "$ref": "#/definitions/PaymentRejection"
            }
          },
          "required": [
            "subscription"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "SubscriptionPublishedType": {
      "type": "string",
      "enum": [
        "subscription.created",
        "subscription.authenticated",
        "subscription.activated",
        "subscription.charged",
        "subscription.pending",
        "subscription.halted",
        "subscription.paused",
        "subscription.resumed",
        "subscription.updated",
        "subscription.cancelled",
        "subscription.completed",
        "subscription.expired",
        "subscription.payment_rejected"
      ]
    },
    "SubscriptionEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "subscription"
        },
        "plan_id": {
          "type": "string"
        },
        "customer_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "status": {
          "$ref": "#/definitions/SubscriptionStatus"
        },
        "current_start": {
          "type": [
            "number",
            "null"
          ]
        },
        "current_end": {
          "type": [
            "number",
            "null"
          ]
        },
        "ended_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "quantity": {
          "type": "number",
          "minimum": 1,
          "maximum": 1000
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "charge_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "start_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "end_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "auth_attempts": {
          "type": "number"
        },
        "total_count": {
          "type": "number"
        },
        "paid_count": {
          "type": "number"
        },
        "customer_notify": {
          "type": "boolean"
        },
        "created_at": {
          "type": "number"
        },
        "expire_by": {
          "type": [
            "number",
            "null"
          ]
        },
        "short_url": {
          "type": "string",
          "format": "uri"
        },
        "has_scheduled_changes": {
          "type": "boolean"
        },
        "change_scheduled_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "source": {
          "type": "string",
          "const": "api"
        },
        "payment_method": {
          "anyOf": [
            {
              "$ref": "#/definitions/PaymentMethod"
            },
            {
              "type": "null"
            }
          ]
        },
        "offer_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "remaining_count": {
          "type": "number"
        },
        "paused_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "pause_initiated_by": {
          "type": [
            "string",
            "null"
          ],
          "enum": [
            "self",
            null
          ]
        }
      },
      "required": [
        "id",
        "entity",
        "plan_id",
        "customer_id",
        "status",
        "current_start",
        "current_end",
        "ended_at",
        "quantity",
        "notes",
        "charge_at",
        "start_at",
        "end_at",
        "auth_attempts",
        "total_count",
        "paid_count",
        "customer_notify",
        "created_at",
        "expire_by",
        "short_url",
        "has_scheduled_changes",
        "change_scheduled_at",
        "source",
        "payment_method",
        "offer_id",
        "remaining_count",
        "paused_at",
        "pause_initiated_by"
      ]
    },
    "SubscriptionStatus": {
      "type": "string",
      "enum": [
        "created",
        "authenticated",
        "active",
        "pending",
        "halted",
        "paused",
        "cancelled",
        "completed",
        "expired"
      ]
    },
    "PaymentMethod": {
      "type": "string",
      "enum": [
        "card",
        "upi",
        "netbanking",
        "wallet"
      ]
    },
    "SubscriptionAuthorizationEntity": {
      "type": "object",
      "properties": {
        "order_id": {
          "type": "string"
        },
        "amount": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "invoice_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "refund": {
          "type": "boolean"
        }
      },
      "required": [
        "order_id",
        "amount",
        "currency",
        "invoice_id",
        "refund"
      ]
    },
    "TestClockAdvancedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "test_clock.advanced"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "test_clock": {
              "$ref": "#/definitions/TestClockEntity"
            }
          },
          "required": [
            "test_clock"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "TestClockEntity": {
      "type": "object",
      "properties": {
        "entity": {
          "type": "string",
          "const": "test_clock"
        },
        "account_id": {
          "type": "string"
        },
        "offset_seconds": {
          "type": "number",
          "minimum": 0
        },
        "now": {
          "type": "number"
        }
      },
      "required": [
        "entity",
        "account_id",
        "offset_seconds",
        "now"
      ]
    },
    "OrderPaidEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "order.paid"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "order": {
              "$ref": "#/definitions/OrderEntity"
            },
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "order",
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "OrderEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "order"
        },
        "amount": {
          "type": "number"
        },
        "amount_paid": {
          "type": "number"
        },
        "amount_due": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "receipt": {
          "type": [
            "string",
            "null"
          ]
        },
        "offer_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "status": {
          "$ref": "#/definitions/OrderStatus"
        },
        "attempts": {
          "type": "number"
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "partial_payment": {
          "type": "boolean"
        },
        "first_payment_min_amount": {
          "type": [
            "number",
            "null"
          ]
        },
        "product_type": {
          "type": [
            "string",
            "null"
          ],
          "enum": [
            "payment_link_v2",
            null
          ]
        },
        "product_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "created_at": {
          "type": "number"
        }
      },
      "required": [
        "id",
        "entity",
        "amount",
        "amount_paid",
        "amount_due",
        "currency",
        "receipt",
        "offer_id",
        "status",
        "attempts",
        "notes",
        "partial_payment",
        "first_payment_min_amount",
        "product_type",
        "product_id",
        "created_at"
      ]
    },
    "OrderStatus": {
      "type": "string",
      "enum": [
        "created",
        "attempted",
        "paid"
      ]
    },
    "PaymentEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "payment"
        },
        "amount": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "status": {
          "$ref": "#/definitions/PaymentStatus"
        },
        "order_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "invoice_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "terminal_id": {
          "type": "null"
        },
        "international": {
          "type": "boolean"
        },
        "method": {
          "$ref": "#/definitions/PaymentMethod"
        },
        "amount_refunded": {
          "type": "number"
        },
        "refund_status": {
          "type": [
            "string",
            "null"
          ],
          "enum": [
            "partial",
            "full",
            null
          ]
        },
        "captured": {
          "type": "boolean"
        },
        "description": {
          "type": [
            "string",
            "null"
          ]
        },
        "card_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "card": {
          "anyOf": [
            {
              "$ref": "#/definitions/CardEntity"
            },
            {
              "type": "null"
            }
          ]
        },
        "bank": {
          "type": [
            "string",
            "null"
          ]
        },
        "wallet": {
          "type": [
            "string",
            "null"
          ]
        },
        "vpa": {
          "type": [
            "string",
            "null"
          ]
        },
        "email": {
          "type": [
            "string",
            "null"
          ]
        },
        "contact": {
          "type": [
            "string",
            "null"
          ]
        },
        "customer_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "fee": {
          "type": [
            "number",
            "null"
          ]
        },
        "tax": {
          "type": [
            "number",
            "null"
          ]
        },
        "error_code": {
          "type": [
            "string",
            "null"
          ]
        },
        "error_description": {
          "type": [
            "string",
            "null"
          ]
        },
        "error_source": {
          "type": [
            "string",
            "null"
          ]
        },
        "error_step": {
          "type": [
            "string",
            "null"
          ]
        },
        "error_reason": {
          "type": [
            "string",
            "null"
          ]
        },
        "acquirer_data": {
          "type": "object",
          "additionalProperties": {
            "type": [
              "string",
              "null"
            ]
          }
        },
        "created_at": {
          "type": "number"
        },
        "upi": {
          "$ref": "#/definitions/PaymentUpiDetails"
        }
      },
      "required": [
        "id",
        "entity",
        "amount",
        "currency",
        "status",
        "order_id",
        "invoice_id",
        "terminal_id",
        "international",
        "method",
        "amount_refunded",
        "refund_status",
        "captured",
        "description",
        "card_id",
        "bank",
        "wallet",
        "vpa",
        "email",
        "contact",
        "customer_id",
        "notes",
        "fee",
        "tax",
        "error_code",
        "error_description",
        "error_source",
        "error_step",
        "error_reason",
        "acquirer_data",
        "created_at"
      ]
    },
    "PaymentStatus": {
      "type": "string",
      "enum": [
        "created",
        "authorized",
        "captured",
        "refunded",
        "failed"
      ]
    },
    "CardEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "card"
        },
        "name": {
          "type": [
            "string",
            "null"
          ]
        },
        "last4": {
          "type": "string",
          "pattern": "^[0-9]{4}$"
        },
        "network": {
          "$ref": "#/definitions/CardNetwork"
        },
        "type": {
          "$ref": "#/definitions/CardType"
        },
        "issuer": {
          "type": [
            "string",
            "null"
          ]
        },
        "international": {
          "type": "boolean"
        },
        "emi": {
          "type": "boolean"
        },
        "sub_type": {
          "$ref": "#/definitions/CardSubType"
        },
        "token_iin": {
          "type": [
            "string",
            "null"
          ]
        }
      },
      "required": [
        "id",
        "entity",
        "name",
        "last4",
        "network",
        "type",
        "issuer",
        "international",
        "emi",
        "sub_type",
        "token_iin"
      ]
    },
    "CardNetwork": {
      "type": "string",
      "enum": [
        "American Express",
        "Diners Club",
        "Maestro",
        "MasterCard",
        "RuPay",
        "Unknown",
        "Visa"
      ]
    },
    "CardType": {
      "type": "string",
      "enum": [
        "credit",
        "debit",
        "prepaid",
        "unknown"
      ]
    },
    "CardSubType": {
      "type": "string",
      "enum": [
        "customer",
        "business"
      ]
    },
    "PaymentUpiDetails": {
      "type": "object",
      "properties": {
        "payer_account_type": {
          "type": "string",
          "const": "bank_account"
        },
        "vpa": {
          "type": "string"
        },
        "flow": {
          "type": "string",
          "const": "collect"
        }
      },
      "required": [
        "payer_account_type",
        "vpa",
        "flow"
      ]
    },
    "PublishedPaymentEvent": {
      "anyOf": [
        {
          "$ref": "#/definitions/PaymentAuthorizedEvent"
        },
        {
          "$ref": "#/definitions/PaymentCapturedEvent"
        },
        {
          "$ref": "#/definitions/PaymentFailedEvent"
        }
      ]
    },
    "PaymentAuthorizedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment.authorized"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PaymentCapturedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment.captured"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            },
            "order": {
              "anyOf": [
                {
                  "$ref": "#/definitions/OrderEntity"
                },
                {
                  "type": "null"
                }
              ]
            }
          },
          "required": [
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PaymentFailedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment.failed"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PublishedRefundEvent": {
      "anyOf": [
        {
          "$ref": "#/definitions/RefundCreatedEvent"
        },
        {
          "$ref": "#/definitions/RefundProcessedEvent"
        }
      ]
    },
    "RefundCreatedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "refund.created"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "refund": {
              "$ref": "#/definitions/RefundEntity"
            },
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "refund"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "RefundEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "refund"
        },
        "amount": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "payment_id": {
          "type": "string"
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "receipt": {
          "type": [
            "string",
            "null"
          ]
        },
        "acquirer_data": {
          "type": "object",
          "properties": {
            "arn": {
              "type": [
                "string",
                "null"
              ]
            }
          },
          "required": [
            "arn"
          ]
        },
        "created_at": {
          "type": "number"
        },
        "batch_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "status": {
          "$ref": "#/definitions/RefundStatus"
        },
        "speed_requested": {
          "$ref": "#/definitions/RefundSpeed"
        },
        "speed_processed": {
          "type": [
            "string",
            "null"
          ],
          "enum": [
            "normal",
            "instant",
            null
          ]
        }
      },
      "required": [
        "id",
        "entity",
        "amount",
        "currency",
        "payment_id",
        "notes",
        "receipt",
        "acquirer_data",
        "created_at",
        "batch_id",
        "status",
        "speed_requested",
        "speed_processed"
      ]
    },
    "RefundStatus": {
      "type": "string",
      "enum": [
        "pending",
        "processed",
        "failed"
      ]
    },
    "RefundSpeed": {
      "type": "string",
      "enum": [
        "normal",
        "optimum"
      ]
    },
    "RefundProcessedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "refund.processed"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "refund": {
              "$ref": "#/definitions/RefundEntity"
            }
          },
          "required": [
            "refund"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PublishedQrCodeEvent": {
      "anyOf": [
        {
          "$ref": "#/definitions/QrCodeCreatedEvent"
        },
        {
          "$ref": "#/definitions/QrCodeCreditedEvent"
        },
        {
          "$ref": "#/definitions/QrCodeClosedEvent"
        }
      ]
    },
    "QrCodeCreatedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "qr_code.created"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "qr_code": {
              "$ref": "#/definitions/QrCodeEntity"
            }
          },
          "required": [
            "qr_code"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "QrCodeEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "qr_code"
        },
        "created_at": {
          "type": "number"
        },
        "name": {
          "type": [
            "string",
            "null"
          ]
        },
        "usage": {
          "$ref": "#/definitions/QrCodeUsage"
        },
        "type": {
          "$ref": "#/definitions/QrCodeType"
        },
        "image_url": {
          "type": "string",
          "format": "uri"
        },
        "payment_amount": {
          "type": [
            "number",
            "null"
          ]
        },
        "status": {
          "$ref": "#/definitions/QrCodeStatus"
        },
        "description": {
          "type": [
            "string",
            "null"
          ]
        },
        "fixed_amount": {
          "type": "boolean"
        },
        "payments_amount_received": {
          "type": "number"
        },
        "payments_count_received": {
          "type": "number"
        },
        "notes": {
          "$ref": "#/definitions/Notes"
        },
        "customer_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "close_by": {
          "type": [
            "number",
            "null"
          ]
        },
        "closed_at": {
          "type": [
            "number",
            "null"
          ]
        },
        "close_reason": {
          "anyOf": [
            {
              "$ref": "#/definitions/QrCodeCloseReason"
            },
            {
              "type": "null"
            }
          ]
        },
        "tax_invoice": {
          "anyOf": [
            {
              "$ref": "#/definitions/QrCodeTaxInvoiceEntity"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "id",
        "entity",
        "created_at",
        "name",
        "usage",
        "type",
        "image_url",
        "payment_amount",
        "status",
        "description",
        "fixed_amount",
        "payments_amount_received",
        "payments_count_received",
        "notes",
        "customer_id",
        "close_by",
        "closed_at",
        "close_reason",
        "tax_invoice"
      ]
    },
    "QrCodeUsage": {
      "type": "string",
      "enum": [
        "single_use",
        "multiple_use"
      ]
    },
    "QrCodeType": {
      "type": "string",
      "enum": [
        "upi_qr",
        "bharat_qr"
      ]
    },
    "QrCodeStatus": {
      "type": "string",
      "enum": [
        "active",
        "closed"
      ]
    },
    "QrCodeCloseReason": {
      "type": "string",
      "enum": [
        "on_demand",
        "paid"
      ]
    },
    "QrCodeTaxInvoiceEntity": {
      "type": "object",
      "properties": {
        "number": {
          "type": "string"
        },
        "date": {
          "type": "number",
          "minimum": 0
        },
        "customer_name": {
          "type": "string"
        },
        "business_gstin": {
          "type": "string"
        },
        "gst_amount": {
          "type": "number",
          "minimum": 0
        },
        "cess_amount": {
          "type": "number",
          "minimum": 0
        },
        "supply_type": {
          "type": "string",
          "enum": [
            "interstate",
            "intrastate"
          ]
        }
      }
    },
    "QrCodeCreditedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "qr_code.credited"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "qr_code": {
              "$ref": "#/definitions/QrCodeEntity"
            },
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "qr_code",
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "QrCodeClosedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "qr_code.closed"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "qr_code": {
              "$ref": "#/definitions/QrCodeEntity"
            }
          },
          "required": [
            "qr_code"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PublishedDisputeEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "$ref": "#/definitions/DisputePublishedType"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "dispute": {
              "$ref": "#/definitions/DisputeEntity"
            }
          },
          "required": [
            "dispute"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "DisputePublishedType": {
      "type": "string",
      "enum": [
        "dispute.created",
        "dispute.under_review",
        "dispute.won",
        "dispute.lost",
        "dispute.closed"
      ]
    },
    "DisputeEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "dispute"
        },
        "payment_id": {
          "type": "string"
        },
        "amount": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "amount_deducted": {
          "type": "number"
        },
        "gateway_dispute_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "reason_code": {
          "$ref": "#/definitions/DisputeReason"
        },
        "reason_description": {
          "type": "string"
        },
        "respond_by": {
          "type": "number"
        },
        "status": {
          "$ref": "#/definitions/DisputeStatus"
        },
        "phase": {
          "$ref": "#/definitions/DisputePhase"
        },
        "comments": {
          "type": [
            "string",
            "null"
          ]
        },
        "created_at": {
          "type": "number"
        },
        "evidence": {
          "$ref": "#/definitions/DisputeEvidenceEntity"
        }
      },
      "required": [
        "id",
        "entity",
        "payment_id",
        "amount",
        "currency",
        "amount_deducted",
        "gateway_dispute_id",
        "reason_code",
        "reason_description",
        "respond_by",
        "status",
        "phase",
        "comments",
        "created_at",
        "evidence"
      ]
    },
    "DisputeReason": {
      "type": "string",
      "enum": [
        "product_not_received",
        "product_unacceptable",
        "duplicate_charge",
        "credit_not_processed",
        "fraudulent",
        "subscription_canceled",
        "general"
      ]
    },
    "DisputeStatus": {
      "type": "string",
      "enum": [
        "open",
        "under_review",
        "won",
        "lost",
        "closed"
      ]
    },
    "DisputePhase": {
      "type": "string",
      "enum": [
        "fraud",
        "retrieval",
        "chargeback",
        "pre_arbitration",
        "arbitration"
      ]
    },
    "DisputeEvidenceEntity": {
      "type": "object",
      "properties": {
        "shipping_proof": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "billing_proof": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "cancellation_proof": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "customer_communication": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "proof_of_service": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "explanation_letter": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "refund_confirmation": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "access_activity_log": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "refund_cancellation_policy": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "term_and_conditions": {
          "$ref": "#/definitions/EvidenceDocumentIds"
        },
        "amount": {
          "type": "number"
        },
        "summary": {
          "type": [
            "string",
            "null"
          ],
          "maxLength": 1000
        },
        "others": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "type": {
                    "type": "string"
                  },
                  "document_ids": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "type",
                  "document_ids"
                ]
              }
            },
            {
              "type": "null"
            }
          ]
        },
        "submitted_at": {
          "type": [
            "number",
            "null"
          ]
        }
      },
      "required": [
        "access_activity_log",
        "amount",
        "billing_proof",
        "cancellation_proof",
        "customer_communication",
        "explanation_letter",
        "others",
        "proof_of_service",
        "refund_cancellation_policy",
        "refund_confirmation",
        "shipping_proof",
        "submitted_at",
        "summary",
        "term_and_conditions"
      ]
    },
    "EvidenceDocumentIds": {
      "anyOf": [
        {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        {
          "type": "null"
        }
      ]
    },
    "PublishedPaymentLinkEvent": {
      "anyOf": [
        {
          "$ref": "#/definitions/PaymentLinkPaidEvent"
        },
        {
          "$ref": "#/definitions/PaymentLinkPartiallyPaidEvent"
        },
        {
          "$ref": "#/definitions/PaymentLinkCancelledEvent"
        },
        {
          "$ref": "#/definitions/PaymentLinkExpiredEvent"
        }
      ]
    },
    "PaymentLinkPaidEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment_link.paid"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment_link": {
              "$ref": "#/definitions/PaymentLinkEntity"
            },
            "order": {
              "$ref": "#/definitions/OrderEntity"
            },
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "payment_link",
            "order",
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PaymentLinkEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "amount": {
          "type": "number"
        },
        "amount_paid": {
          "type": "number"
        },
        "currency": {
          "$ref": "#/definitions/CurrencyCode"
        },
        "status": {
          "$ref": "#/definitions/PaymentLinkStatus"
        },
        "accept_partial": {
          "type": "boolean"
        },
        "first_min_partial_amount": {
          "type": "number"
        },
        "description": {
          "type": [
            "string",
            "null"
          ]
        },
        "reference_id": {
          "type": "string"
        },
        "customer": {
          "$ref": "#/definitions/PaymentLinkCustomerEntity"
        },
        "notify": {
          "$ref": "#/definitions/PaymentLinkNotifyEntity"
        },
        "reminder_enable": {
          "type": "boolean"
        },
        "reminders": {
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "status": {
                  "type": "string",
                  "const": "failed"
                }
              },
              "required": [
                "status"
              ]
            },
            {
              "type": "array",
              "minItems": 0,
              "maxItems": 0
            }
          ]
        },
        "notes": {
          "anyOf": [
            {
              "$ref": "#/definitions/Notes"
            },
            {
              "type": "null"
            }
          ]
        },
        "callback_url": {
          "type": [
            "string",
            "null"
          ],
          "format": "uri"
        },
        "callback_method": {
          "anyOf": [
            {
              "$ref": "#/definitions/PaymentLinkCallbackMethod"
            },
            {
              "type": "null"
            }
          ]
        },
        "upi_link": {
          "type": "boolean"
        },
        "whatsapp_link": {
          "type": "boolean"
        },
        "short_url": {
          "type": "string",
          "format": "uri"
        },
        "order_id": {
          "type": "string"
        },
        "payments": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "$ref": "#/definitions/PaymentLinkPaymentEntity"
              }
            },
            {
              "type": "null"
            }
          ]
        },
        "expire_by": {
          "type": "number"
        },
        "expired_at": {
          "type": "number"
        },
        "cancelled_at": {
          "type": "number"
        },
        "created_at": {
          "type": "number"
        },
        "updated_at": {
          "type": "number"
        },
        "user_id": {
          "type": "string"
        },
        "source": {
          "type": "string"
        },
        "source_id": {
          "type": "string"
        }
      },
      "required": [
        "id",
        "amount",
        "amount_paid",
        "currency",
        "status",
        "accept_partial",
        "first_min_partial_amount",
        "description",
        "reference_id",
        "customer",
        "notify",
        "reminder_enable",
        "reminders",
        "notes",
        "callback_url",
        "callback_method",
        "upi_link",
        "whatsapp_link",
        "short_url",
        "order_id",
        "payments",
        "expire_by",
        "expired_at",
        "cancelled_at",
        "created_at",
        "updated_at",
        "user_id",
        "source",
        "source_id"
      ]
    },
    "PaymentLinkStatus": {
      "type": "string",
      "enum": [
        "created",
        "partially_paid",
        "paid",
        "cancelled",
        "expired"
      ]
    },
    "PaymentLinkCustomerEntity": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string"
        },
        "email": {
          "type": "string"
        },
        "contact": {
          "type": "string"
        }
      }
    },
    "PaymentLinkNotifyEntity": {
      "type": "object",
      "properties": {
        "sms": {
          "type": "boolean"
        },
        "email": {
          "type": "boolean"
        },
        "whatsapp": {
          "type": "boolean"
        }
      },
      "required": [
        "sms",
        "email",
        "whatsapp"
      ]
    },
    "PaymentLinkCallbackMethod": {
      "type": "string",
      "const": "get"
    },
    "PaymentLinkPaymentEntity": {
      "type": "object",
      "properties": {
        "payment_id": {
          "type": "string"
        },
        "plink_id": {
          "type": "string"
        },
        "amount": {
          "type": "number"
        },
        "method": {
          "$ref": "#/definitions/PaymentMethod"
        },
        "status": {
          "type": "string",
          "const": "captured"
        },
        "created_at": {
          "type": "number"
        },
        "updated_at": {
          "type": "number"
        }
      },
      "required": [
        "payment_id",
        "plink_id",
        "amount",
        "method",
        "status",
        "created_at",
        "updated_at"
      ]
    },
    "PaymentLinkPartiallyPaidEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment_link.partially_paid"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment_link": {
              "$ref": "#/definitions/PaymentLinkEntity"
            },
            "order": {
              "$ref": "#/definitions/OrderEntity"
            },
            "payment": {
              "$ref": "#/definitions/PaymentEntity"
            }
          },
          "required": [
            "payment_link",
            "order",
            "payment"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PaymentLinkCancelledEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment_link.cancelled"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment_link": {
              "$ref": "#/definitions/PaymentLinkEntity"
            }
          },
          "required": [
            "payment_link"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PaymentLinkExpiredEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "payment_link.expired"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "type": "object",
          "properties": {
            "payment_link": {
              "$ref": "#/definitions/PaymentLinkEntity"
            }
          },
          "required": [
            "payment_link"
          ]
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "PublishedSettlementEvent": {
      "anyOf": [
        {
          "$ref": "#/definitions/SettlementProcessedEvent"
        },
        {
          "$ref": "#/definitions/SettlementFailedEvent"
        }
      ]
    },
    "SettlementProcessedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "settlement.processed"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "$ref": "#/definitions/SettlementEventData"
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    },
    "SettlementEventData": {
      "type": "object",
      "properties": {
        "settlement": {
          "$ref": "#/definitions/SettlementEntity"
        },
        "entry_ids": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "entry_count": {
          "type": "number"
        },
        "part": {
          "type": "number"
        },
        "parts": {
          "type": "number"
        }
      },
      "required": [
        "settlement",
        "entry_ids",
        "entry_count",
        "part",
        "parts"
      ]
    },
    "SettlementEntity": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "entity": {
          "type": "string",
          "const": "settlement"
        },
        "amount": {
          "type": "number"
        },
        "status": {
          "$ref": "#/definitions/SettlementStatus"
        },
        "fees": {
          "type": "number",
          "const": 0
        },
        "tax": {
          "type": "number",
          "const": 0
        },
        "utr": {
          "type": [
            "string",
            "null"
          ]
        },
        "created_at": {
          "type": "number"
        }
      },
      "required": [
        "id",
        "entity",
        "amount",
        "status",
        "fees",
        "tax",
        "utr",
        "created_at"
      ]
    },
    "SettlementStatus": {
      "type": "string",
      "enum": [
        "created",
        "processed",
        "failed"
      ]
    },
    "SettlementFailedEvent": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "type": {
          "type": "string",
          "const": "settlement.failed"
        },
        "schema_version": {
          "type": "number"
        },
        "account_id": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/Mode"
        },
        "stream_id": {
          "type": "string"
        },
        "stream_version": {
          "type": "number"
        },
        "occurred_at": {
          "type": "number"
        },
        "correlation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "causation_id": {
          "type": [
            "string",
            "null"
          ]
        },
        "data": {
          "$ref": "#/definitions/SettlementEventData"
        }
      },
      "required": [
        "id",
        "type",
        "schema_version",
        "account_id",
        "mode",
        "stream_id",
        "stream_version",
        "occurred_at",
        "correlation_id",
        "causation_id",
        "data"
      ]
    }
  }
} as const;
