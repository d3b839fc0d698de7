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
import type { MessageId } from '../../i18n/catalogue.ts';
import { useSay } from '../../i18n/useSay.ts';
import { useAuthRefusal } from './authRefusal.ts';

/** Signing in or up: once the session's queries are back, a welcome and the dashboard. */
function useEnter<T>(
  run: (values: T) => Promise<void>,
  refresh: QueryKey,
  welcome: [MessageId, MessageId],
  failure: [MessageId, MessageId],
  arrival: DashboardArrival = {},
) {
  const say = useSay();
  const refusal = useAuthRefusal();
  const navigate = useNavigate();
  return useChange({
    run,
    refresh: [refresh],
    awaitRefresh: true,
    done: () => {
      notify(say(welcome[0]), say(welcome[1]));
      navigate('/dashboard', { state: arrival });
    },
    // Supabase Auth's refusal where it gave one (authRefusal.ts), else the catalogue's.
    failed: (error: Error) => notifyError(say(failure[0]), refusal(error) ?? say(failure[1])),
  });
}

export function useLogin() {
  return useEnter(
    async (values: LoginValues) => {
      orThrow(await supabase.auth.signInWithPassword(values));
    },
    // The user, and whether this session still needs a two-factor code.
    ['auth'],
    ['auth.toast.welcomeBack', 'auth.toast.loggedIn'],
    ['auth.toast.loginFailed', 'auth.toast.invalidCredentials'],
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
    ['auth.toast.welcome', 'auth.toast.created'],
    ['auth.toast.registrationFailed', 'auth.toast.createFailed'],
    { firstVisit: true },
  );
}

export function useSignOut() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      orThrow(await supabase.auth.signOut());
    },
    onSuccess: () => {
      queryClient.clear();
      notify(intl.formatMessage({ id: 'auth.toast.signedOut' }), intl.formatMessage({ id: 'auth.toast.signedOutBody' }));
      navigate('/');
    },
  });
}

export async function signInWithProvider(provider: 'google' | 'apple'): Promise<void> {
  await supabase.auth.signInWithOAuth({ provider, options: { redirectTo: `${window.location.origin}/dashboard` } });
}
