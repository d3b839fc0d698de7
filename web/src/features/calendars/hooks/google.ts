// Connecting a Google calendar: off to Google's consent, and back to finish.
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { refusalWords } from '../../../i18n/ruleWords.ts';
import { useSay } from '../../../i18n/useSay.ts';
import { useRefresh } from './connections.ts';
import { consentFinish, consentStart, ConsentRefused } from './consent.ts';

/** The toast of a failed connect: the refusal, or the server's, in the page's language. */
function useCouldNotConnect() {
  const say = useSay();
  const intl = useIntl();
  return (error: Error) => notifyError(say('calendars.toast.connectFailed'), error instanceof ConsentRefused ? error.message : refusalWords(intl, error));
}

export function useStartGoogle() {
  return useMutation({ ...consentStart('google'), onError: useCouldNotConnect() });
}

export function useFinishGoogle() {
  const refresh = useRefresh();
  const say = useSay();
  const couldNotConnect = useCouldNotConnect();
  return useMutation({
    mutationFn: consentFinish<{ id: number }>('google', 'Google was not allowed to share your calendars.'),
    onSuccess: () => {
      refresh();
      notify(say('calendars.toast.connected'));
    },
    onError: couldNotConnect,
  });
}
