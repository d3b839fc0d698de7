// Guards signed-in pages: a logged-out visitor is told and sent to sign in.
import { useEffect, type ReactNode } from 'react';
import { PageFallback } from '../../components/PageFallback.tsx';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../lib/session.ts';
import { useAssurance } from './mfa.ts';
import { TwoFactorPrompt } from './TwoFactorPrompt.tsx';
import { useFirstWeek } from './firstWeek.ts';
import { hardNavigate } from '../../lib/navigation.ts';
import { notifyLoggedOut } from '../../lib/toaster.ts';

/** Where a logged-out visitor goes (docs/product/screens.md): /api/login is a server route, /login a screen. */
export type LoginTarget = '/api/login' | '/login';

export function redirectToLogin(target: LoginTarget, navigate: (path: string) => void): () => void {
  // Called from an effect: the toaster flushes React synchronously, which React refuses mid-commit.
  queueMicrotask(notifyLoggedOut);
  const timer = window.setTimeout(() => {
    if (target === '/api/login') hardNavigate(target);
    else navigate(target);
  }, 500);
  return () => window.clearTimeout(timer);
}

export function RequireAuth({ to, children }: { to: LoginTarget; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const assurance = useAssurance();
  const navigate = useNavigate();
  const signedOut = !isPending && !user;

  useEffect(() => (signedOut ? redirectToLogin(to, navigate) : undefined), [signedOut, to, navigate]);
  useFirstWeek(user, Boolean(assurance.data && !assurance.data.needsCode));

  // An account with two-factor on is signed in only once its code is given (aal2).
  if (user && assurance.data?.needsCode) return <TwoFactorPrompt />;
  if (!user || assurance.isPending) {
    return <PageFallback />;
  }
  return <>{children}</>;
}
