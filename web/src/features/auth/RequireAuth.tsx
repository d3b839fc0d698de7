import { useEffect, type ReactNode } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from './hooks.ts';
import { hardNavigate } from '../../lib/navigation.ts';
import { notifyError } from '../../lib/toaster.ts';

export const LOGGED_OUT_TITLE = 'Unauthorized';
export const LOGGED_OUT_TEXT = 'You are logged out. Logging in again...';

/** Where the spec sends a logged-out visitor: /api/login is a server route, /login a screen. */
export type LoginTarget = '/api/login' | '/login';

export function redirectToLogin(target: LoginTarget, navigate: (path: string) => void): () => void {
  // Called from an effect: the toaster flushes React synchronously, which React refuses mid-commit.
  queueMicrotask(() => notifyError(LOGGED_OUT_TITLE, LOGGED_OUT_TEXT));
  const timer = window.setTimeout(() => {
    if (target === '/api/login') hardNavigate(target);
    else navigate(target);
  }, 500);
  return () => window.clearTimeout(timer);
}

export function RequireAuth({ to, children }: { to: LoginTarget; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const signedOut = !isPending && !user;

  useEffect(() => (signedOut ? redirectToLogin(to, navigate) : undefined), [signedOut, to, navigate]);

  if (!user) {
    return (
      <Center py="20">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
