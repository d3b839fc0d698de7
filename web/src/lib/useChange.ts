// The shape of almost every change the dashboard makes: run it, refresh the queries it touched, then say so
// in a toast; when it fails, say why (the error's own message first, else the fallback).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifyError } from './toaster.ts';

export interface Change<TVars, TData> {
  run: (vars: TVars) => Promise<TData>;
  /** The query keys to refresh once the change is in. */
  refresh: readonly QueryKey[];
  done: (data: TData, vars: TVars) => void;
  /** A fallback text under the title "Error", or a whole handler where the toast reads otherwise. */
  failed: string | ((error: Error, vars: TVars) => void);
  /** Hold the change pending until the refreshed queries are back (before `done` navigates on them). */
  awaitRefresh?: boolean;
}

export function useChange<TVars = void, TData = unknown>({ run, refresh, done, failed, awaitRefresh }: Change<TVars, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (data: TData, vars: TVars) => {
      const refreshed = Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (awaitRefresh) await refreshed;
      done(data, vars);
    },
    onError: typeof failed === 'string' ? (error: Error) => notifyError('Error', error.message || failed) : failed,
  });
}
