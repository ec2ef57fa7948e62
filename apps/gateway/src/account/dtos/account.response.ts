import type { AccountRow } from '../account.entity';
import type { ApiKeyRow } from '../api-key.entity';

export interface AccountResponse {
  id: string;
  entity: 'account';
  name: string;
  created_at: number;
  keys?: KeySummary[];
}

export interface KeySummary {
  id: string;
  entity: 'key';
  mode: 'test' | 'live';
  created_at: number;
  revoked_at: number | null;
}

export function toAccountResponse(account: AccountRow, keys?: ApiKeyRow[]): AccountResponse {
  const response: AccountResponse = {
    id: account.id,
    entity: 'account',
    name: account.name,
    created_at: seconds(account.createdAt),
  };
  if (keys) response.keys = keys.map(toKeySummary);
  return response;
}

export function toKeySummary(key: ApiKeyRow): KeySummary {
  return {
    id: key.id,
    entity: 'key',
    mode: key.mode,
    created_at: seconds(key.createdAt),
    revoked_at: key.revokedAt ? seconds(key.revokedAt) : null,
  };
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
