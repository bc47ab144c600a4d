import { useQuery } from '@tanstack/react-query';
import { nextStepQuery } from '../../../api/queries';

/** The next lesson to study ("Continue: <lesson>"); a member without access simply has none, so a refusal is not retried. */
export function useNextStep(enabled: boolean) {
  return useQuery({ ...nextStepQuery, enabled, retry: false });
}
