import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrCodePng, upiAmount, upiIntentUri } from './qr-code-image';

type Code = Parameters<typeof upiIntentUri>[0];

const code = (overrides: Partial<Code> = {}): Code => ({
  id: 'qr_AbCdEfGhIjKlMn',
  accountId: 'acc_Test0000000001',
  name: 'Store Front',
  description: null,
  fixedAmount: false,
  paymentAmount: null,
  ...overrides,
});

describe('upiAmount', () => {
  it('writes rupees with two decimals', () => {
    expect(upiAmount(50_000)).toBe('500.00');
  });

  it('writes paise below a rupee with a leading zero', () => {
    expect(upiAmount(5)).toBe('0.05');
  });

  it('keeps the paise of an amount above a thousand rupees', () => {
    expect(upiAmount(100_001)).toBe('1000.01');
  });

  it('writes the smallest QR payment, 100, as one rupee', () => {
    expect(upiAmount(100)).toBe('1.00');
  });

  it('writes two-digit paise as they are', () => {
    expect(upiAmount(12_345)).toBe('123.45');
  });
});

describe('upiIntentUri', () => {
  it('pays the account at rzp with the code as reference and no amount for a code that takes any amount', () => {
    expect(upiIntentUri(code())).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Store+Front&tr=qr_AbCdEfGhIjKlMn&cu=INR',
    );
  });

  it('carries the fixed amount in rupees', () => {
    expect(upiIntentUri(code({ fixedAmount: true, paymentAmount: 30_000 }))).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Store+Front&tr=qr_AbCdEfGhIjKlMn&am=300.00&cu=INR',
    );
  });

  it('carries the description as the note', () => {
    expect(upiIntentUri(code({ description: 'Table 7' }))).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Store+Front&tr=qr_AbCdEfGhIjKlMn&cu=INR&tn=Table+7',
    );
  });

  it('carries no note for an empty description', () => {
    expect(upiIntentUri(code({ description: '' }))).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Store+Front&tr=qr_AbCdEfGhIjKlMn&cu=INR',
    );
  });

  it('names the payee Merchant when the code has no name', () => {
    expect(upiIntentUri(code({ name: null }))).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Merchant&tr=qr_AbCdEfGhIjKlMn&cu=INR',
    );
  });

  it('URL-encodes the name', () => {
    expect(upiIntentUri(code({ name: 'Chai & Co. / Café=1?' }))).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Chai+%26+Co.+%2F+Caf%C3%A9%3D1%3F&tr=qr_AbCdEfGhIjKlMn&cu=INR',
    );
  });

  it('URL-encodes the description', () => {
    expect(upiIntentUri(code({ description: 'Bill #7 & tip' }))).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Store+Front&tr=qr_AbCdEfGhIjKlMn&cu=INR&tn=Bill+%237+%26+tip',
    );
  });

  it('carries every part of a fixed-amount code with a description, in order', () => {
    expect(
      upiIntentUri(code({ fixedAmount: true, paymentAmount: 100_001, description: 'Table 7' })),
    ).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Store+Front&tr=qr_AbCdEfGhIjKlMn&am=1000.01&cu=INR&tn=Table+7',
    );
  });
});

describe('qrCodePng', () => {
  // pngjs's filtering is slow under Jest (about 2 s a code): one image, read by every test.
  const fixed = code({
    name: 'Chai & Co. / Café',
    fixedAmount: true,
    paymentAmount: 30_000,
    description: 'Table 7',
  });
  let image: PNG;

  // Drawing and encoding a PNG takes a few hundred ms, more on a loaded CI machine.
  beforeAll(async () => {
    image = PNG.sync.read(await qrCodePng(fixed));
  }, 30_000);

  it('decodes back to the UPI intent URI of the code, its name encoded', () => {
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(
      'upi://pay?pa=acc_test0000000001%40rzp&pn=Chai+%26+Co.+%2F+Caf%C3%A9&tr=qr_AbCdEfGhIjKlMn&am=300.00&cu=INR&tn=Table+7',
    );
  });

  it('is a PNG of 480 by 480 pixels', () => {
    expect([image.width, image.height]).toEqual([480, 480]);
  });
});
