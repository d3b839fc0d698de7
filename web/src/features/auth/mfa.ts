// Two-factor authentication with an authenticator app (TOTP), through supabase-js's auth.mfa API.
import { useMutation, useQuery } from '@tanstack/react-query';
import { orThrow, supabase } from '../../lib/supabase.ts';
import { useChange } from '../../lib/useChange.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { useSay } from '../../i18n/useSay.ts';
import { useAuthRefusal } from './authRefusal.ts';
import { currentUserKey } from '../../lib/session.ts';

export const assuranceKey = ['auth', 'assurance'] as const;
export const factorsKey = ['auth', 'factors'] as const;

const FACTOR_NAME = 'Authenticator app';

/** Whether this session still has to give a code: the user has a verified factor, the session is aal1. */
export function useAssurance() {
  return useQuery({
    queryKey: assuranceKey,
    queryFn: async () => {
      const level = orThrow(await supabase.auth.mfa.getAuthenticatorAssuranceLevel());
      return { needsCode: level.nextLevel === 'aal2' && level.currentLevel !== 'aal2' };
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** The user's verified TOTP factors (what "two-factor is on" means). */
export function useTotpFactors() {
  return useQuery({
    queryKey: factorsKey,
    queryFn: async () => orThrow(await supabase.auth.mfa.listFactors()),
    retry: false,
  });
}

const authKeys = [assuranceKey, factorsKey, currentUserKey];

/** A new TOTP factor with its QR code and key; unfinished earlier attempts are dropped first. */
export function useEnrollTotp() {
  const say = useSay();
  const refusal = useAuthRefusal();
  return useMutation({
    mutationFn: async () => {
      const factors = orThrow(await supabase.auth.mfa.listFactors());
      for (const stale of factors.all.filter((f) => f.status === 'unverified')) {
        orThrow(await supabase.auth.mfa.unenroll({ factorId: stale.id }));
      }
      return orThrow(await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME }));
    },
    onError: (error: Error) => notifyError(say('twoFactor.toast.startFailed'), refusal(error)),
  });
}

/** Checks a code against a factor; the session becomes aal2. */
export function useVerifyTotp(success?: { title: string; description: string }) {
  const say = useSay();
  const refusal = useAuthRefusal();
  return useChange({
    run: async ({ factorId, code }: { factorId: string; code: string }) => {
      orThrow(await supabase.auth.mfa.challengeAndVerify({ factorId, code }));
    },
    refresh: authKeys,
    awaitRefresh: true,
    done: () => {
      if (success) notify(success.title, success.description);
    },
    failed: (error: Error) => notifyError(say('twoFactor.toast.verifyFailed'), refusal(error)),
  });
}

export function useDisableTotp() {
  const say = useSay();
  const refusal = useAuthRefusal();
  return useChange({
    run: async (factorId: string) => {
      orThrow(await supabase.auth.mfa.unenroll({ factorId }));
    },
    refresh: authKeys,
    awaitRefresh: true,
    done: () => notify(say('twoFactor.toast.disabled'), say('twoFactor.toast.disabledText')),
    failed: (error: Error) => notifyError(say('twoFactor.toast.disableFailed'), refusal(error)),
  });
}
