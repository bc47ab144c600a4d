import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { AdminWebhooksController } from './admin-webhooks.controller';
import { WebhookConsumers } from './jobs/webhook.consumers';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookSecrets } from './webhook-secrets.service';
import { WebhooksRepository } from './webhooks.repository';
import { Webhooks } from './webhooks.service';

/** Outbound webhooks (Standard Webhooks): endpoints, fan-out from the outbox, signed deliveries from the worker, the delivery log. */
@Module({
  imports: [AuditModule, MailModule],
  controllers: [AdminWebhooksController],
  providers: [Webhooks, WebhooksRepository, WebhookSecrets, WebhookDispatcher, WebhookConsumers],
  exports: [Webhooks],
})
export class WebhooksModule {}
