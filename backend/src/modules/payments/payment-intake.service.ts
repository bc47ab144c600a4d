import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { Bulkhead } from '../../common/concurrency/bulkhead';
import { databaseConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { canonicalJson } from './ipn-signature';
import { PaymentEventsRepository } from './payment-events.repository';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentProviders } from './providers/payment-providers';
import { readReport } from './providers/provider-reports';

/**
 * Webhook intake: provider notifications are verified and stored first (so
 * nothing paid is ever lost); the worker processes them later (process-ipn).
 */
@Injectable()
export class PaymentIntake {
  private readonly logger = new Logger(PaymentIntake.name);
  /** Webhook intake may use at most half the pool, so a flood of notifications cannot starve checkout, sign-in or the catalogue. */
  private readonly bulkhead: Bulkhead;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly events: PaymentEventsRepository,
    private readonly providers: PaymentProviders,
    @Inject(databaseConfig.KEY) database: ConfigType<typeof databaseConfig>,
  ) {
    this.bulkhead = new Bulkhead('payment notifications', Math.max(1, Math.floor(database.poolSize / 2)), 500, 5000);
  }

  /**
   * Verify the signature over the raw bytes, store the delivery once (unique
   * dedupe key, and the provider's delivery id where it has one) and record
   * the event that makes the worker process it, in one statement. A
   * duplicate is acknowledged (200, `duplicate: true`) and changes nothing:
   * the provider stops sending it. A database failure surfaces as a 5xx so
   * the provider retries.
   */
  async receive(
    providerName: string,
    rawBody: Buffer | undefined,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; duplicate: boolean }> {
    const provider = this.providers.byName(providerName);
    if (!provider) throw new PaymentsError(PaymentsErrorCode.UnknownProvider, `Unknown payment provider "${providerName}"`);
    if (!rawBody || rawBody.length === 0) throw new PaymentsError(PaymentsErrorCode.InvalidNotification, 'Empty notification body');
    if (!(await provider.verifyNotification(rawBody, headers))) {
      this.logger.warn({ provider: providerName }, 'IPN with a missing or invalid signature refused');
      throw new PaymentsError(PaymentsErrorCode.InvalidSignature, 'Invalid notification signature');
    }
    let payload: unknown;
    let canonical: string;
    try {
      canonical = canonicalJson(rawBody);
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new PaymentsError(PaymentsErrorCode.InvalidNotification, 'The notification body is not valid JSON');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new PaymentsError(PaymentsErrorCode.InvalidNotification, 'The notification body must be a JSON object');
    }
    const body = payload as Record<string, unknown>;
    const id = randomUUID();
    // One statement (atomic on its own, no BEGIN/COMMIT on the hot path) that takes no lock on the payment row:
    // the delivery is stored and announced even while processing holds that row.
    const stored = await this.bulkhead.run(() =>
      this.tx.statementWithEvent(
        {
          ...this.events.storeStatement({
            id,
            provider: providerName,
            source: 'webhook',
            raw: rawBody.toString('utf8'),
            canonical,
            payload: body,
            deliveryId: provider.deliveryId?.(headers) ?? null,
          }),
          onlyIfRows: true,
        },
        'payment.ipn_received',
        { type: 'payment-event', id },
        { paymentEventId: id, provider: providerName },
      ),
    );
    if (stored.beforeRows === 0)
      this.logger.debug({ provider: providerName, orderId: readReport(providerName, body).orderId }, 'Duplicate notification ignored');
    return { received: true, duplicate: stored.beforeRows === 0 };
  }
}
