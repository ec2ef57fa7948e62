import { useState } from 'preact/hooks';
import { ApiClient } from '../api/api-client';
import { ErrorMessage } from '../ui/error-message';
import { modeOfKey } from './session';
import type { Session } from './session';

/**
 * Sign-in with a key pair: checked with one call to the public API (a key the API refuses is
 * refused here with the API's words), then kept for this tab only.
 */
export function SignInPage({ onSignIn }: { onSignIn: (session: Session) => void }) {
  const [keyId, setKeyId] = useState('');
  const [keySecret, setKeySecret] = useState('');
  const [error, setError] = useState<Error | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const mode = modeOfKey(keyId.trim());
    if (!mode) return setError(new Error('A key id starts with rzp_test_ or rzp_live_.'));
    const session = { keyId: keyId.trim(), keySecret, mode };
    setBusy(true);
    try {
      await new ApiClient(session).get('/v1/payments', { count: 1 });
      onSignIn(session);
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="sign-in" method="post" onSubmit={submit}>
      <h1>Sign in</h1>
      <p>With an API key pair of your account. It stays in this browser tab only.</p>
      <label>
        Key id
        <input
          name="key_id"
          autoComplete="username"
          value={keyId}
          onInput={(event) => setKeyId(event.currentTarget.value)}
          placeholder="rzp_test_…"
          required
        />
      </label>
      <label>
        Key secret
        <input
          name="key_secret"
          type="password"
          autoComplete="current-password"
          value={keySecret}
          onInput={(event) => setKeySecret(event.currentTarget.value)}
          required
        />
      </label>
      <button type="submit" disabled={busy}>
        Sign in
      </button>
      <ErrorMessage error={error} />
    </form>
  );
}
