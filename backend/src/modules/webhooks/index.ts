export { WebhooksModule } from './webhooks.module';
export { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhook-event-types';
