// Connecting a Google calendar: off to Google's consent, and back to finish.
import { useMutation } from '@tanstack/react-query';
import { callFunction, serverMessage } from '../../../lib/api.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useRefresh } from './connections.ts';
import { consentReturnUri, goToConsent, ConsentRefused, grantedOrThrow, type ConsentAnswer } from './consent.ts';

export function useStartGoogle() {
  return useMutation({
    mutationFn: () => callFunction<{ url: string }>('calendars/google/start', { method: 'POST', body: { redirectUri: consentReturnUri() } }),
    onSuccess: ({ url }) => goToConsent('google', url),
    onError: (error) => notifyError('Could not connect the calendar', error instanceof ConsentRefused ? error.message : serverMessage(error)),
  });
}

export function useFinishGoogle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (answer: ConsentAnswer) => {
      const granted = grantedOrThrow(answer, 'Google was not allowed to share your calendars.');
      return callFunction<{ id: number }>('calendars/google/connect', { method: 'POST', body: { ...granted, redirectUri: consentReturnUri() } });
    },
    onSuccess: () => {
      refresh();
      notify('Calendar connected');
    },
    onError: (error) => notifyError('Could not connect the calendar', error instanceof ConsentRefused ? error.message : serverMessage(error)),
  });
}
