import { useQuery } from '@tanstack/react-query';
import { searchQuery } from '../../../api/queries';

/** Minimum length of a search term: shorter ones are not sent. */
export const MIN_SEARCH_LENGTH = 2;

/** Courses, lessons and resources matching `q`; a newer term cancels the request of the previous one. */
export function useSearch(q: string) {
  return useQuery({ ...searchQuery(q), enabled: q.length >= MIN_SEARCH_LENGTH, retry: false });
}
