import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi, type WebhookDelivery, type WebhookEndpointBody, type WebhookEndpointRecord } from '../api';
import { useConsoleAction } from '../common/useConsoleAction';

/** The event types an endpoint may subscribe to (they change only with a release). */
export function useWebhookEventTypes() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.webhookEventTypes, queryFn: () => api.getWebhookEventTypes(), staleTime: Infinity });
}

/** An endpoint's newest deliveries with their attempts, read again every few seconds while shown (a test event arrives within seconds). */
export function useWebhookDeliveries(endpointId: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.webhookDeliveries(endpointId), queryFn: () => api.getWebhookDeliveries(endpointId), refetchInterval: 3000 });
}

export function useSaveWebhook() {
  const api = useApi();
  return useConsoleAction(({ id, body }: { id?: string; body: WebhookEndpointBody }) => (id ? api.updateWebhook(id, body) : api.createWebhook(body)), {
    success: (endpoint, { id }) => (id ? `Webhook endpoint ${endpoint.url} saved` : `Webhook endpoint ${endpoint.url} added`),
    failure: 'Could not save the webhook endpoint',
    refresh: false,
    invalidate: [queryKeys.webhooks],
  });
}

export function useSetWebhookEnabled() {
  const api = useApi();
  return useConsoleAction(({ endpoint, enabled }: { endpoint: WebhookEndpointRecord; enabled: boolean }) => api.setWebhookEnabled(endpoint.id, enabled), {
    success: (endpoint) => `Webhook endpoint ${endpoint.url} ${endpoint.status}`,
    failure: ({ endpoint }) => `Could not change the webhook endpoint ${endpoint.url}`,
    refresh: false,
    invalidate: [queryKeys.webhooks],
  });
}

export function useSendWebhookTest() {
  const api = useApi();
  return useConsoleAction((endpoint: WebhookEndpointRecord) => api.sendWebhookTest(endpoint.id), {
    success: () => 'Test event queued: it appears in the delivery log',
    failure: 'Could not send the test event',
    refresh: false,
    invalidate: [queryKeys.webhooks],
  });
}

export function useResendWebhookDelivery(endpointId: string) {
  const api = useApi();
  return useConsoleAction((delivery: WebhookDelivery) => api.resendWebhookDelivery(endpointId, delivery.id), {
    success: (delivery) => `Delivery of ${delivery.eventType} queued again`,
    failure: 'Could not resend the delivery',
    refresh: false,
    invalidate: [queryKeys.webhookDeliveries(endpointId)],
  });
}

/** Reads or rotates the secret; the secret lives only in the caller's state. */
export function useWebhookSecret() {
  const api = useApi();
  const reveal = useConsoleAction((id: string) => api.getWebhookSecret(id), {
    failure: 'Could not read the secret',
    forgetResult: true,
    refresh: false,
  });
  const rotate = useConsoleAction((id: string) => api.rotateWebhookSecret(id), {
    success: () => 'New secret made: the previous one still signs for 24 hours',
    failure: 'Could not rotate the secret',
    forgetResult: true,
    refresh: false,
    invalidate: [queryKeys.webhooks],
  });
  return { reveal, rotate };
}
