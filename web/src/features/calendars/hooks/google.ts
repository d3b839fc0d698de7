// Connecting a Google calendar: off to Google's consent, and back to finish.
import { useMutation } from '@tanstack/react-query';
import { callFunction, serverMessage } from '../../../lib/api.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useRefresh } from './connections.ts';

/** Where Google sends the host back after consent: this page, which finishes the connection. */
export const googleReturnUri = () => `${window.location.origin}/availability`;

export function useStartGoogle() {
  return useMutation({
    mutationFn: () => callFunction<{ url: string }>('calendars/google/start', { method: 'POST', body: { redirectUri: googleReturnUri() } }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notifyError('Could not connect the calendar', serverMessage(error)),
  });
}

export function useFinishGoogle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { code: string; state: string }) =>
      callFunction<{ id: number }>('calendars/google/connect', { method: 'POST', body: { ...input, redirectUri: googleReturnUri() } }),
    onSuccess: () => {
      refresh();
      notify('Calendar connected');
    },
    onError: (error) => notifyError('Could not connect the calendar', serverMessage(error)),
  });
}
