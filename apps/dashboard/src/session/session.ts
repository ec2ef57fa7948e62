export type Mode = 'test' | 'live';

/** A signed-in key pair. It lives in memory and in sessionStorage (gone with the tab), never in a URL or a cookie. */
export interface Session {
  keyId: string;
  keySecret: string;
  mode: Mode;
}

const STORAGE_KEY = 'dashboard.session';

/** The mode is visible in the key id (`rzp_test_…`, `rzp_live_…`), as integrators expect. */
export function modeOfKey(keyId: string): Mode | null {
  if (keyId.startsWith('rzp_test_')) return 'test';
  if (keyId.startsWith('rzp_live_')) return 'live';
  return null;
}

export function savedSession(): Session | null {
  const saved = sessionStorage.getItem(STORAGE_KEY);
  if (!saved) return null;
  try {
    const { keyId, keySecret } = JSON.parse(saved) as Partial<Session>;
    const mode = typeof keyId === 'string' ? modeOfKey(keyId) : null;
    return mode && typeof keySecret === 'string'
      ? { keyId: keyId as string, keySecret, mode }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({ keyId: session.keyId, keySecret: session.keySecret }),
  );
}

export function forgetSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
