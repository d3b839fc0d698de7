// The session through Supabase Auth (who is signed in: lib/session.ts): sign in, sign up, sign out, password reset.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { orThrow, supabase } from '../../lib/supabase.ts';
import { useChange } from '../../lib/useChange.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { browserTimeZone } from '../../lib/time.ts';
import type { LoginValues, RegisterValues } from './schemas.ts';
import type { DashboardArrival } from '../../lib/navigation.ts';
import { currentUserKey } from '../../lib/session.ts';

/** Signing in or up: once the session's queries are back, a welcome and the dashboard. */
function useEnter<T>(
  run: (values: T) => Promise<void>,
  refresh: QueryKey,
  welcome: [string, string],
  failure: [string, string],
  arrival: DashboardArrival = {},
) {
  const navigate = useNavigate();
  return useChange({
    run,
    refresh: [refresh],
    awaitRefresh: true,
    done: () => {
      notify(...welcome);
      navigate('/dashboard', { state: arrival });
    },
    failed: (error: Error) => notifyError(failure[0], error.message || failure[1]),
  });
}

export function useLogin() {
  return useEnter(
    async (values: LoginValues) => {
      orThrow(await supabase.auth.signInWithPassword(values));
    },
    // The user, and whether this session still needs a two-factor code.
    ['auth'],
    ['Welcome back!', "You've been successfully logged in."],
    ['Login failed', 'Invalid email or password'],
  );
}

export function useRegister() {
  const { locale } = useIntl();
  return useEnter(
    async ({ email, password, firstName, lastName }: RegisterValues) => {
      orThrow(
        await supabase.auth.signUp({
          email,
          password,
          // The browser's zone: the sign-up trigger starts the host with working hours in it (and checks it).
          // The page's language becomes the profile's.
          options: {
            data: { first_name: firstName, last_name: lastName, timezone: browserTimeZone(), locale },
            emailRedirectTo: `${window.location.origin}/dashboard`,
          },
        }),
      );
    },
    currentUserKey,
    ['Welcome to Kairos!', 'Your account has been created successfully.'],
    ['Registration failed', 'Failed to create account'],
    { firstVisit: true },
  );
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      orThrow(await supabase.auth.signOut());
    },
    onSuccess: () => {
      queryClient.clear();
      notify('Signed out', "You've been successfully signed out.");
      navigate('/');
    },
  });
}

export async function signInWithProvider(provider: 'google' | 'apple'): Promise<void> {
  await supabase.auth.signInWithOAuth({ provider, options: { redirectTo: `${window.location.origin}/dashboard` } });
}
