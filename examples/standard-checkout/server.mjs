// A merchant's server for Razorpay's Standard Checkout, with nothing but Node and the official SDK:
// it creates the order (or subscription) the page pays, then verifies the signature the checkout
// hands back and captures the payment.
//
//   PLATFORM_URL=http://127.0.0.1:3000 RAZORPAY_KEY_ID=rzp_test_… RAZORPAY_KEY_SECRET=… node server.mjs
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import Razorpay from 'razorpay';
import razorpayUtils from 'razorpay/dist/utils/razorpay-utils.js';

const { validatePaymentVerification } = razorpayUtils;

const config = {
  platformUrl: (process.env.PLATFORM_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
  keyId: required('RAZORPAY_KEY_ID'),
  keySecret: required('RAZORPAY_KEY_SECRET'),
  host: process.env.HOST ?? '127.0.0.1',
  // 0: any free port (the server prints the one it got).
  port: Number(process.env.PORT ?? 4000),
};

const razorpay = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
// The SDK always calls https://api.razorpay.com; this points it at the platform instead.
razorpay.api.rq.defaults.baseURL = config.platformUrl;

/** The orders and subscriptions this shop made (or was asked to take payment for), by id. */
const orders = new Map();
const subscriptions = new Set();
let plan = null;

const PAGES = new URL('./public/', import.meta.url);
const STATIC = {
  '/shop.js': 'text/javascript; charset=utf-8',
  '/shop.css': 'text/css; charset=utf-8',
};
const ID = /^[A-Za-z0-9_]{1,40}$/;

const server = createServer((request, response) => {
  route(request, response).catch((error) => {
    const description = error?.error?.description ?? error?.message ?? String(error);
    send(response, 500, 'text/plain; charset=utf-8', `The shop failed: ${description}\n`);
  });
});

async function route(request, response) {
  const url = new URL(request.url, 'http://shop');
  const page = `${request.method} ${url.pathname}`;
  if (request.method === 'GET' && STATIC[url.pathname])
    return send(
      response,
      200,
      STATIC[url.pathname],
      await readFile(new URL(`.${url.pathname}`, PAGES)),
    );
  switch (page) {
    case 'GET /':
      return sendPage(response, 'index.html', await orderFor(url));
    case 'GET /redirect':
      return sendPage(response, 'redirect.html', await orderFor(url));
    case 'GET /automatic':
      return sendPage(response, 'automatic.html', await orderFor(url));
    case 'GET /hosted':
      return sendPage(response, 'hosted.html', await orderFor(url));
    case 'GET /subscription':
      return sendPage(response, 'subscription.html', await newSubscription());
    case 'POST /verify':
      return verify(request, response);
    default:
      return send(response, 404, 'text/plain; charset=utf-8', 'Not found\n');
  }
}

/**
 * Step 1 of the guide: the order the page pays, made here with the secret. `?amount=` (paise) sets
 * its amount; `?order_id=` takes payment for an order that already exists.
 */
async function orderFor(url) {
  const existing = url.searchParams.get('order_id');
  const order = existing
    ? await razorpay.orders.fetch(checkedId(existing))
    : await razorpay.orders.create({
        amount: Number(url.searchParams.get('amount') ?? 50000),
        currency: 'INR',
        receipt: `receipt_${Date.now()}`,
        notes: { shop: 'standard-checkout example' },
      });
  orders.set(order.id, order);
  return { ORDER_ID: order.id, AMOUNT: String(order.amount), AMOUNT_TEXT: rupees(order.amount) };
}

/** A subscription to the shop's monthly plan (made on first use). */
async function newSubscription() {
  plan ??= await razorpay.plans.create({
    period: 'monthly',
    interval: 1,
    item: { name: 'Acme Corp Monthly', amount: 29900, currency: 'INR' },
  });
  const subscription = await razorpay.subscriptions.create({
    plan_id: plan.id,
    total_count: 12,
    quantity: 1,
    customer_notify: 0,
  });
  subscriptions.add(subscription.id);
  return { SUBSCRIPTION_ID: subscription.id, AMOUNT_TEXT: rupees(plan.item.amount) };
}

/**
 * Step 3 of the guide: the handler's fields (JSON from the page's fetch) or the form the browser
 * posts (callback_url, automatic mode, Hosted Checkout). The signature is checked against the order or subscription
 * this shop made, never against what the browser claims alone; then the payment is captured.
 */
async function verify(request, response) {
  const fields = await readFields(request);
  const asJson = request.headers['content-type']?.startsWith('application/json');
  const reply = (status, message) =>
    asJson
      ? send(response, status, 'application/json', JSON.stringify({ message }))
      : sendResult(response, status, message);
  if (fields['error[code]'])
    return reply(
      200,
      `Payment failed: ${fields['error[description]']} (${fields['error[reason]']}, ${fields['error[metadata]']})`,
    );
  const paymentId = fields.razorpay_payment_id;
  const orderId = fields.razorpay_order_id;
  const subscriptionId = fields.razorpay_subscription_id;
  const known = orderId ? orders.has(orderId) : subscriptions.has(subscriptionId);
  if (!paymentId || !known)
    return reply(400, 'Payment not verified: unknown order or subscription');
  const signed = orderId ? { order_id: orderId } : { subscription_id: subscriptionId };
  const valid = validatePaymentVerification(
    { ...signed, payment_id: paymentId },
    fields.razorpay_signature ?? '',
    config.keySecret,
  );
  if (!valid) return reply(400, 'Payment not verified: the signature does not match');
  let payment = await razorpay.payments.fetch(paymentId);
  if (payment.status === 'authorized') {
    try {
      payment = await razorpay.payments.capture(paymentId, payment.amount, payment.currency);
    } catch (error) {
      // Another payment paid the order first: this one is refunded when its capture window ends.
      return reply(409, `Payment ${paymentId} not captured: ${error.error?.description ?? error}`);
    }
  }
  return reply(200, `Payment verified: ${payment.id} (${payment.status})`);
}

async function readFields(request) {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('the form is too large');
  }
  if (request.headers['content-type']?.startsWith('application/json'))
    return JSON.parse(body || '{}');
  return Object.fromEntries(new URLSearchParams(body));
}

async function sendPage(response, file, values) {
  const template = await readFile(new URL(file, PAGES), 'utf8');
  const all = {
    ...values,
    KEY_ID: config.keyId,
    PLATFORM_URL: config.platformUrl,
    CHECKOUT_JS: `${config.platformUrl}/v1/checkout.js`,
    SHOP_URL: shopUrl(),
  };
  send(
    response,
    200,
    'text/html; charset=utf-8',
    template.replace(/\{\{(\w+)\}\}/g, (_, name) => escapeHtml(all[name])),
  );
}

function sendResult(response, status, message) {
  send(
    response,
    status,
    'text/html; charset=utf-8',
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Acme Corp: payment</title>` +
      `<link rel="stylesheet" href="/shop.css"></head>\n<body><h1>Acme Corp</h1>\n<p id="result" role="status">${escapeHtml(message)}</p>\n` +
      `<p><a href="/">Back to the shop</a></p></body></html>\n`,
  );
}

function send(response, status, contentType, body) {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}

function checkedId(id) {
  if (!ID.test(id)) throw new Error('not an id');
  return id;
}

/** 50000 paise as "INR 500.00", by integer arithmetic. */
function rupees(paise) {
  return `INR ${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

function escapeHtml(value) {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character],
  );
}

function shopUrl() {
  const { port } = server.address();
  return `http://${config.host}:${port}`;
}

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is not set: see README.md`);
    process.exit(1);
  }
  return value;
}

server.listen(config.port, config.host, () => {
  console.log(`Shop listening on ${shopUrl()}`);
});
