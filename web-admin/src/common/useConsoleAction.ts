import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../api';

/**
 * A console action that calls the server (revoke, re-issue, reconcile,
 * sign out everywhere...): react-query's mutation gives the pending state;
 * the success notice (it may say what was done) shows only when the server
 * agreed, otherwise "<failure>: <the server's own message>" (or only the
 * server's message); the page's
 * records are read again after a success unless `refresh: false`.
 */
export function useConsoleAction<Input, Result>(
  run: (input: Input) => Promise<Result>,
  options: { success: string | ((result: Result, input: Input) => string); failure?: string | ((input: Input) => string); refresh?: boolean },
) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    onSuccess: (result, input) => {
      notify(typeof options.success === 'function' ? options.success(result, input) : options.success, { type: 'success' });
      if (options.refresh !== false) refresh();
    },
    onError: (error, input) => {
      const failure = typeof options.failure === 'function' ? options.failure(input) : options.failure;
      notify(failure ? `${failure}: ${errorMessage(error)}` : errorMessage(error), { type: 'error' });
    },
  });
}
