import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyPair {
  id: string;
  secret: string;
}

export interface DevAccount {
  accountId: string;
  test: KeyPair;
  live: KeyPair;
}

/**
 * The development account: created through the admin API on the first start; its key pairs are
 * kept in `<dataDir>/credentials.json` (mode 600) so later starts can print them again. The API
 * itself only ever shows a secret once.
 */
export async function ensureDevAccount(
  gatewayUrl: string,
  adminToken: string,
  dataDir: string,
): Promise<{ account: DevAccount; created: boolean }> {
  const file = join(dataDir, 'credentials.json');
  if (existsSync(file))
    return { account: JSON.parse(readFileSync(file, 'utf8')) as DevAccount, created: false };
  const admin = (path: string, body: unknown) =>
    post(`${gatewayUrl}/admin/v1${path}`, adminToken, body);
  const account = await admin('/accounts', { name: 'Development' });
  const test = await admin(`/accounts/${account['id']}/keys`, { mode: 'test' });
  const live = await admin(`/accounts/${account['id']}/keys`, { mode: 'live' });
  const created: DevAccount = {
    accountId: String(account['id']),
    test: { id: String(test['id']), secret: String(test['secret']) },
    live: { id: String(live['id']), secret: String(live['secret']) },
  };
  writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600 });
  return { account: created, created: true };
}

async function post(url: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`admin API ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}
