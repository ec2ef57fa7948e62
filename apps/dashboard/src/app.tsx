import { useMemo, useState } from 'preact/hooks';
import { ApiClient } from './api/api-client';
import { pageAt } from './routing/pages';
import { useHashRoute } from './routing/hash-route';
import { forgetSession, savedSession, saveSession } from './session/session';
import type { Session } from './session/session';
import { SignInPage } from './session/sign-in.page';
import { Layout } from './ui/layout';

export function App() {
  const [session, setSession] = useState<Session | null>(savedSession);
  const signIn = (signedIn: Session) => {
    saveSession(signedIn);
    setSession(signedIn);
  };
  const signOut = () => {
    forgetSession();
    setSession(null);
  };
  if (!session) return <SignInPage onSignIn={signIn} />;
  return <SignedIn session={session} onSignOut={signOut} />;
}

function SignedIn({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const api = useMemo(() => new ApiClient(session), [session]);
  const route = useHashRoute();
  return (
    <Layout session={session} current={route[0] ?? ''} onSignOut={onSignOut}>
      {pageAt(route, api)}
    </Layout>
  );
}
