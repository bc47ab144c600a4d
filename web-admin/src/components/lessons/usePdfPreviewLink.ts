import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '../../api';

/**
 * Where the editor can open a lesson's PDF: an uploaded one (a /media
 * reference, never served publicly) through a signed link of this admin's
 * own; an outside https address as it is. Undefined while the link loads.
 */
export function usePdfPreviewLink(reference: string | null | undefined): string | undefined {
  const api = useApi();
  const uploaded = typeof reference === 'string' && reference.startsWith('/media/');
  const link = useQuery({
    queryKey: queryKeys.pdfPreviewLink(reference),
    queryFn: () => api.getFilePreviewLink(reference!),
    enabled: uploaded,
    staleTime: 60 * 60 * 1000,
  });
  if (!reference) return undefined;
  return uploaded ? link.data : reference;
}
