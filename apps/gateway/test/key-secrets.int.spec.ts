import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { openSecret, secretKeyBytes } from '@platform/service-kit';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { DataSource } from 'typeorm';
import {
  api,
  basic,
  KEY_SECRET_KEY,
  newKey,
  startEchoUpstream,
  startGatewayBefore,
} from './gateway-calls';
import type { Key } from './gateway-calls';

describe('the key secrets the gateway keeps sealed for Checkout', () => {
  let broker: RunningBroker;
  let upstream: ServiceUnderTest;
  let gateway: ServiceUnderTest;

  beforeAll(async () => {
    broker = await startTestBroker();
    upstream = await startEchoUpstream(broker);
    gateway = await startGatewayBefore(broker, { billing: upstream.url });
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await broker.stop();
  });

  const query = <T>(text: string, values: unknown[]) =>
    gateway.app.get(DataSource).query(text, values) as Promise<T[]>;
  const sealedOf = async (keyId: string) =>
    (
      await query<{ sealed_secret: string | null }>(
        'SELECT sealed_secret FROM api_keys WHERE id = $1',
        [keyId],
      )
    )[0].sealed_secret;
  const opened = (sealed: string | null) =>
    sealed === null ? null : openSecret(sealed, secretKeyBytes(KEY_SECRET_KEY));

  /** A key as one made before secrets were kept: its hash only. */
  async function keyMadeBefore(): Promise<Key> {
    const key = await newKey(gateway, 'test');
    await query('UPDATE api_keys SET sealed_secret = NULL WHERE id = $1', [key.id]);
    return key;
  }

  it('seals the secret of a new key under KEY_SECRET_KEY, never storing it in the clear', async () => {
    const key = await newKey(gateway, 'test');
    const sealed = await sealedOf(key.id);
    expect(sealed).not.toContain(key.secret);
    expect(opened(sealed)).toBe(key.secret);
  });

  it('seals the secret of a key made before on its first request with the right secret, and only then', async () => {
    const key = await keyMadeBefore();
    const wrong = await api(gateway, {
      url: '/v1/customers',
      authorization: basic(key.id, `${key.secret}x`),
    });
    expect(wrong.status).toBe(401);
    expect(await sealedOf(key.id)).toBeNull();
    expect((await api(gateway, { url: '/v1/customers', key })).status).toBe(200);
    const sealed = await sealedOf(key.id);
    expect(opened(sealed)).toBe(key.secret);
    expect((await api(gateway, { url: '/v1/customers', key })).status).toBe(200);
    expect(await sealedOf(key.id)).toBe(sealed); // later requests write nothing
  });

  it('seals once when the first 20 requests of a key made before arrive together', async () => {
    const key = await keyMadeBefore();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(gateway, { url: '/v1/customers', key })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const sealed = await sealedOf(key.id);
    expect(opened(sealed)).toBe(key.secret);
    await api(gateway, { url: '/v1/customers', key });
    expect(await sealedOf(key.id)).toBe(sealed);
  });
});
