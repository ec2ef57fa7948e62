import 'reflect-metadata';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { admin, api, newKey, startEchoPlatform } from './gateway-calls';
import type { EchoPlatform, Key } from './gateway-calls';

describe('the gateway’s account features and public QR images', () => {
  let platform: EchoPlatform;
  let gateway: ServiceUnderTest;

  const forwardedFeatures = async (key: Key, target = gateway) =>
    (await api(target, { url: '/v1/customers', key })).body['features'];

  beforeAll(async () => {
    platform = await startEchoPlatform();
    ({ gateway } = platform);
  });

  afterAll(() => platform.close());

  describe('features', () => {
    it('has UPI QR on in test mode and off in live mode until switched, and forwards what is on', async () => {
      const test = await newKey(gateway, 'test');
      const live = await newKey(gateway, 'live', test.accountId);
      expect(await admin(gateway, 'GET', `/admin/v1/accounts/${test.accountId}/features`)).toEqual({
        status: 200,
        body: { test: { upi_qr: true }, live: { upi_qr: false } },
      });
      expect(await forwardedFeatures(test)).toBe('upi_qr');
      expect(await forwardedFeatures(live)).toBeNull();
      expect(
        await admin(gateway, 'PATCH', `/admin/v1/accounts/${test.accountId}/features`, {
          mode: 'live',
          upi_qr: true,
        }),
      ).toEqual({ status: 200, body: { mode: 'live', upi_qr: true } });
      expect(await forwardedFeatures(live)).toBe('upi_qr');
      await admin(gateway, 'PATCH', `/admin/v1/accounts/${test.accountId}/features`, {
        mode: 'test',
        upi_qr: false,
      });
      expect(await forwardedFeatures(test)).toBeNull();
      expect(
        (await admin(gateway, 'GET', `/admin/v1/accounts/${test.accountId}/features`)).body,
      ).toEqual({ test: { upi_qr: false }, live: { upi_qr: true } });
    });

    it('keeps features per account', async () => {
      const [mine, theirs] = [await newKey(gateway, 'live'), await newKey(gateway, 'live')];
      await admin(gateway, 'PATCH', `/admin/v1/accounts/${mine.accountId}/features`, {
        mode: 'live',
        upi_qr: true,
      });
      expect(await forwardedFeatures(theirs)).toBeNull();
    });

    it('is seen by another gateway replica within moments of a switch', async () => {
      await platform.withReplica(async (replica) => {
        const key = await newKey(gateway, 'live');
        expect(await forwardedFeatures(key, replica)).toBeNull(); // now cached by the replica
        await admin(gateway, 'PATCH', `/admin/v1/accounts/${key.accountId}/features`, {
          mode: 'live',
          upi_qr: true,
        });
        await waitFor(
          async () => (await forwardedFeatures(key, replica)) === 'upi_qr',
          'the replica to forward the feature',
          2000,
        );
      });
    });

    it.each([
      [{ upi_qr: true }, 'mode', 'The mode must be test or live.'],
      [{ mode: 'live', upi_qr: 'yes' }, 'upi_qr', 'The upi_qr must be true or false.'],
      [{ mode: 'test', upi_qr: null }, 'upi_qr', 'The upi_qr must be true or false.'],
      [
        { mode: JSON.parse('['.repeat(2000) + ']'.repeat(2000)) },
        'mode',
        'The mode field is nested too deeply (at most 32 levels).',
      ],
      [
        { mode: 'live\u0000' },
        'mode',
        'The mode field may not contain NUL characters or unpaired UTF-16 surrogates.',
      ],
      [
        { mode: 'live', teleport: true },
        'teleport',
        'teleport is/are not required and should not be sent',
      ],
    ])('refuses %j naming %s', async (body, field, description) => {
      const key = await newKey(gateway, 'test');
      expect(
        await admin(gateway, 'PATCH', `/admin/v1/accounts/${key.accountId}/features`, body),
      ).toMatchObject({ status: 400, body: { error: { field, description } } });
    });

    it('answers an unknown account, and needs the admin token', async () => {
      expect(
        await admin(gateway, 'GET', '/admin/v1/accounts/acc_00000000000000/features'),
      ).toMatchObject({
        status: 400,
        body: { error: { description: 'The id provided does not exist' } },
      });
      expect(
        (
          await admin(
            gateway,
            'GET',
            '/admin/v1/accounts/acc_00000000000000/features',
            undefined,
            'x'.repeat(40),
          )
        ).status,
      ).toBe(401);
    });
  });

  describe('QR images', () => {
    it('serves a QR code’s image without credentials, asking the payments service with the internal token', async () => {
      const response = await gateway.app.inject({
        method: 'GET',
        url: '/qr/qr_Abcdefghij0123.png',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.body).toBe('png of qr_Abcdefghij0123, token ok');
    });

    it.each(['/qr/cust_Abcdefghij0123.png', '/qr/qr_Abcdefghij0123.gif', '/qr/qr_short.png'])(
      'answers %s like an unknown URL',
      async (url) => {
        const response = await gateway.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(JSON.parse(response.body)).toMatchObject({
          error: { description: 'The requested URL was not found on the server.' },
        });
      },
    );
  });
});
