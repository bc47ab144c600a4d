import { useQuery } from '@tanstack/react-query';
import { resetLinkQuery } from '../../../api/queries';

/** Whether the opened reset link still works (unused, unexpired), asked before the form is shown. */
export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQuery(token), enabled: token !== '' });
}
