import { useQuery } from '@tanstack/react-query';
import { previewQuery } from '../../../api/queries';

/** A course's draft as its author previews it through a signed link (a link expired or forged answers 404). */
export function usePreview(token: string) {
  return useQuery(previewQuery(token));
}
