import { COLLECTION, keys, SUBSCRIPTION } from './entity-fields';
import type { DocumentedExample } from './example';

const CREATED =
  'id entity plan_id status current_start current_end ended_at quantity notes charge_at start_at end_at auth_attempts total_count paid_count customer_notify created_at expire_by short_url has_scheduled_changes change_scheduled_at source offer_id remaining_count';
const FETCHED =
  'id entity plan_id customer_id status current_start current_end ended_at quantity notes charge_at start_at end_at auth_attempts total_count paid_count customer_notify created_at expire_by short_url has_scheduled_changes change_scheduled_at source offer_id remaining_count';
const PAUSED =
  'id entity plan_id status current_start current_end ended_at quantity notes charge_at start_at end_at auth_attempts total_count paid_count customer_notify created_at paused_at expire_by pause_initiated_by short_url has_scheduled_changes change_scheduled_at source offer_id remaining_count';

const TEA_NOTES = { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey… decaf.' };
const DELIVERY = [{ item: { name: 'Delivery charges', amount: 30000, currency: 'INR' } }];

export const SUBSCRIPTION_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/subscription.md#create-subscription',
    call: { resource: 'subscriptions', method: 'create' },
    request: [
      {
        plan_id: '$plan.id',
        total_count: 6,
        quantity: 1,
        customer_notify: true,
        start_at: '$now+1d',
        expire_by: '$now+3d',
        addons: DELIVERY,
        offer_id: '$offer.id',
        notes: TEA_NOTES,
      },
    ],
    expect: { status: 200, fields: keys(SUBSCRIPTION, CREATED) },
  },
  {
    source: 'razorpay-python documents/subscription.md#create-subscription',
    call: { resource: 'subscriptions', method: 'create' },
    request: [
      {
        plan_id: '$plan.id',
        customer_notify: true,
        quantity: 5,
        total_count: 6,
        start_at: '$now+1d',
        addons: DELIVERY,
        notes: { key1: 'value3', key2: 'value2' },
      },
    ],
    expect: { status: 200, fields: keys(SUBSCRIPTION, CREATED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#create-subscription-link',
    call: { resource: 'subscriptions', method: 'create' },
    request: [
      {
        plan_id: '$plan.id',
        total_count: 12,
        quantity: 1,
        start_at: '$now+2d',
        expire_by: '$now+3d',
        customer_notify: true,
        addons: DELIVERY,
        offer_id: '$offer.id',
        notes: TEA_NOTES,
        notify_info: { notify_phone: '9123456789', notify_email: 'gaurav.kumar@example.com' },
      },
    ],
    expect: { status: 200, fields: keys(SUBSCRIPTION, CREATED) },
  },
  {
    source: 'razorpay-python documents/subscription.md#create-subscription-link',
    call: { resource: 'subscriptions', method: 'create' },
    request: [
      {
        plan_id: '$plan.id',
        total_count: 12,
        quantity: 1,
        expire_by: '$now+3d',
        customer_notify: true,
        addons: DELIVERY,
        notes: TEA_NOTES,
        notify_info: { notify_phone: 9123456789, notify_email: 'gaurav.kumar@example.com' },
      },
    ],
    expect: { status: 200, fields: keys(SUBSCRIPTION, CREATED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#fetch-all-subscriptions',
    call: { resource: 'subscriptions', method: 'all' },
    request: [{}],
    given: ['activeSubscription'],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        SUBSCRIPTION,
        'id entity plan_id customer_id status current_start current_end ended_at quantity notes charge_at offer_id start_at end_at auth_attempts total_count paid_count customer_notify created_at expire_by short_url has_scheduled_changes change_scheduled_at remaining_count',
      ),
    },
  },
  {
    source: 'razorpay-node documents/subscription.md#fetch-particular-subscription',
    call: { resource: 'subscriptions', method: 'fetch' },
    request: ['$activeSubscription.id'],
    expect: { status: 200, fields: keys(SUBSCRIPTION, FETCHED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#cancel-particular-subscription',
    call: { resource: 'subscriptions', method: 'cancel' },
    request: ['$activeSubscription.id', { cancel_at_cycle_end: true }],
    expect: { status: 200, fields: keys(SUBSCRIPTION, FETCHED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#update-particular-subscription',
    call: { resource: 'subscriptions', method: 'update' },
    request: [
      '$authenticatedSubscription.id',
      {
        plan_id: '$otherPlan.id',
        offer_id: '$offer.id',
        quantity: 5,
        remaining_count: 5,
        start_at: '$now+10d',
        schedule_change_at: 'now',
        customer_notify: true,
      },
    ],
    expect: { status: 200, fields: keys(SUBSCRIPTION, FETCHED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#fetch-details-of-pending-update',
    call: { resource: 'subscriptions', method: 'pendingUpdate' },
    request: ['$subscriptionWithScheduledChange.id'],
    expect: { status: 200, fields: keys(SUBSCRIPTION, FETCHED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#cancel-a-update',
    call: { resource: 'subscriptions', method: 'cancelScheduledChanges' },
    request: ['$subscriptionWithScheduledChange.id'],
    expect: { status: 200, fields: keys(SUBSCRIPTION, FETCHED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#pause-a-subscription',
    call: { resource: 'subscriptions', method: 'pause' },
    request: ['$activeSubscription.id', { pause_at: 'now' }],
    expect: { status: 200, fields: keys(SUBSCRIPTION, PAUSED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#resume-a-subscription',
    call: { resource: 'subscriptions', method: 'resume' },
    request: ['$pausedSubscription.id', { resume_at: 'now' }],
    expect: { status: 200, fields: keys(SUBSCRIPTION, PAUSED) },
  },
  {
    source: 'razorpay-node documents/subscription.md#delete-offer-linked-to-a-subscription',
    call: { resource: 'subscriptions', method: 'deleteOffer' },
    request: ['$subscriptionWithOffer.id', '$offer.id'],
    expect: {
      status: 200,
      fields: keys(
        SUBSCRIPTION,
        'id entity plan_id customer_id status current_start current_end ended_at quantity notes charge_at start_at end_at auth_attempts total_count paid_count customer_notify created_at expire_by short_url has_scheduled_changes change_scheduled_at source payment_method offer_id remaining_count',
      ),
    },
  },
];
