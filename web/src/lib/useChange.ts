// The shape of almost every change the dashboard makes: run it, refresh the queries it touched, then say so
// in a toast; when it fails, say why (the refusal's words in the page's language first, else the fallback, if any).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifyError } from './toaster.ts';
import { useRefusalWords } from '../i18n/ruleWords.ts';
import { useSay } from '../i18n/useSay.ts';

export interface Change<TVars, TData> {
  run: (vars: TVars) => Promise<TData>;
  /** The query keys to refresh once the change is in. */
  refresh: readonly QueryKey[];
  done: (data: TData, vars: TVars) => void;
  /** A fallback text under the title "Error", or a whole handler where the toast reads otherwise. */
  failed?: string | ((error: Error, vars: TVars) => void);
  /** Hold the change pending until the refreshed queries are back (before `done` navigates on them). */
  awaitRefresh?: boolean;
}

export function useChange<TVars = void, TData = unknown>({ run, refresh, done, failed, awaitRefresh }: Change<TVars, TData>) {
  const queryClient = useQueryClient();
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: run,
    onSuccess: async (data: TData, vars: TVars) => {
      const refreshed = Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (awaitRefresh) await refreshed;
      done(data, vars);
    },
    onError: typeof failed === 'function' ? failed : (error: Error) => notifyError(say('bookings.toast.error'), refusal(error) || failed),
  });
}
