import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi, type ApiKeyCreateBody, type ApiKeyRecord } from '../api';
import { useConsoleAction } from '../common/useConsoleAction';

/** The resources a key can be given access to (read once per page: the catalogue follows the API's routes, which change with a release). */
export function useApiKeyResources() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.apiKeyResources, queryFn: () => api.getApiKeyResources(), staleTime: Infinity });
}

/** Creates a key; its full text lives only in the caller's state, not in react-query's cache. */
export function useCreateApiKey() {
  const api = useApi();
  return useConsoleAction((body: ApiKeyCreateBody) => api.createApiKey(body), {
    success: (key) => `API key "${key.name}" created`,
    failure: 'Could not create the API key',
    forgetResult: true,
    refresh: false,
    invalidate: [queryKeys.apiKeys],
  });
}

export function useRevokeApiKey() {
  const api = useApi();
  return useConsoleAction((key: ApiKeyRecord) => api.revokeApiKey(key.id), {
    success: (_, key) => `API key "${key.name}" revoked`,
    failure: (key) => `Could not revoke the API key "${key.name}"`,
    refresh: false,
    invalidate: [queryKeys.apiKeys],
  });
}
