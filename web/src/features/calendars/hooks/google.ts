// Connecting a Google calendar: off to Google's consent, and back to finish.
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/api.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useRefresh } from './connections.ts';
import { consentFinish, consentStart, ConsentRefused } from './consent.ts';

const couldNotConnect = (error: Error) => notifyError('Could not connect the calendar', error instanceof ConsentRefused ? error.message : serverMessage(error));

export function useStartGoogle() {
  return useMutation({ ...consentStart('google'), onError: couldNotConnect });
}

export function useFinishGoogle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: consentFinish<{ id: number }>('google', 'Google was not allowed to share your calendars.'),
    onSuccess: () => {
      refresh();
      notify('Calendar connected');
    },
    onError: couldNotConnect,
  });
}
