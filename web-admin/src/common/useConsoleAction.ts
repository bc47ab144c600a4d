import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../api';

export interface ConsoleActionOptions<Input, Result> {
  /** The notice once the server agreed (it may say what was done); none without it. */
  success?: string | ((result: Result, input: Input) => string);
  /** Prefix of the error notice, before the server's own message. */
  failure?: string | ((input: Input) => string);
  /** Read the page's records again after a success (default true). */
  refresh?: boolean;
  /** The console's own reads to read again once the action ended, done or failed (it may have done part of its work). */
  invalidate?: readonly QueryKey[];
  /** Drop the result from react-query's cache as soon as no component holds the action (a secret shown once). */
  forgetResult?: boolean;
}

/**
 * A console action that calls the server (revoke, re-issue, reconcile,
 * retry, sign out everywhere...): react-query's mutation gives the pending
 * state that disables its button; the success notice shows only when the
 * server agreed, otherwise "<failure>: <the server's own message>" (or only
 * the server's message); the page's records are read again after a success
 * unless `refresh: false`, and the `invalidate` keys once it ends.
 */
export function useConsoleAction<Input, Result>(run: (input: Input) => Promise<Result>, options: ConsoleActionOptions<Input, Result>) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    ...(options.forgetResult ? { gcTime: 0 } : {}),
    onSuccess: (result, input) => {
      if (options.success) notify(typeof options.success === 'function' ? options.success(result, input) : options.success, { type: 'success' });
      if (options.refresh !== false) refresh();
    },
    onError: (error, input) => {
      const failure = typeof options.failure === 'function' ? options.failure(input) : options.failure;
      notify(failure ? `${failure}: ${errorMessage(error)}` : errorMessage(error), { type: 'error' });
    },
    onSettled: () => Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
