import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { secretsConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { REDIS, REDIS_NAMESPACE, type RedisNamespace } from '../../redis/redis.module';
import { AuditService } from '../audit';
import { SecretBox, type SealedValue } from '../../common/crypto/secret-box';
import { SettingsRepository } from './settings.repository';
import {
  defaultsOf,
  fieldsOf,
  ianaZone,
  SECRET_MASK,
  SECTIONS,
  validateSection,
  type AllSettings,
  type SectionName,
  type SectionValues,
} from './settings.schema';

const CACHE_MS = 5000;

type Listener = (section: SectionName) => void;

/** Another module's check of the values of a section whose meaning it owns (a coupon code must name a coupon): field errors, none when fine. */
export type SectionCheck = (values: Record<string, unknown>) => Promise<Record<string, string>>;

/**
 * Persisted settings with real effects: other modules read them at the
 * moment they act (session timeout, maintenance mode, mail transport,
 * payment keys...). Each process caches them briefly; a change is announced
 * on Redis so every API and worker instance drops its cache at once.
 */
@Injectable()
export class SettingsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SettingsService.name);
  private readonly box: SecretBox;
  private readonly cache = new Map<SectionName, { at: number; values: Record<string, unknown> }>();
  private readonly listeners: Listener[] = [];
  private readonly checks = new Map<SectionName, SectionCheck[]>();
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    private readonly repository: SettingsRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(secretsConfig.KEY) secrets: ConfigType<typeof secretsConfig>,
    @Inject(REDIS_NAMESPACE) namespace: RedisNamespace,
  ) {
    this.box = new SecretBox(secrets.settingsKey);
    this.channel = `${namespace.prefix}:settings-changed`;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate({ keyPrefix: '' });
    // ioredis reconnects by itself; the cache expiry covers the gap.
    this.subscriber.on('error', (err: Error) => this.logger.debug({ err: err.message }, 'Settings change feed interrupted'));
    this.subscriber.on('message', (_channel, section: string) => this.changed(section as SectionName));
    await this.subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn(`Settings change feed unavailable: ${err.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.subscriber?.disconnect();
  }

  /** Called (in every process) after a section changed. */
  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Adds a check that an update of `section` must pass (run after the schema's own checks, on the values it accepted). */
  addCheck(section: SectionName, check: SectionCheck): void {
    this.checks.set(section, [...(this.checks.get(section) ?? []), check]);
  }

  async get<S extends SectionName>(section: S): Promise<SectionValues<S>> {
    const hit = this.cache.get(section);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.values as SectionValues<S>;
    const rows = await this.repository.section(section);
    const values: Record<string, unknown> = { ...defaultsOf(section) };
    const fields = fieldsOf(section);
    for (const row of rows) {
      if (!fields[row.key]) continue;
      values[row.key] = row.encrypted ? this.box.open(row.value as SealedValue) : row.value;
    }
    this.cache.set(section, { at: Date.now(), values });
    return values as SectionValues<S>;
  }

  /** The IANA zone of Settings > General > Timezone: where a day begins for analytics, and how dates are shown. */
  async timeZone(): Promise<string> {
    return ianaZone((await this.get('general')).timezone);
  }

  /** What the admin console shows: secrets replaced by a mask when set, empty when not. */
  async forAdmin(): Promise<AllSettings> {
    const out: Record<string, unknown> = {};
    for (const section of SECTIONS) out[section] = this.mask(section, await this.get(section));
    return out as AllSettings;
  }

  async update<S extends SectionName>(section: S, patch: Record<string, unknown>, actor: AuthUser): Promise<SectionValues<S>> {
    const { values, errors } = validateSection(section, patch);
    for (const check of this.checks.get(section) ?? []) Object.assign(errors, await check(values));
    if (Object.keys(errors).length > 0) {
      const messages = Object.values(errors);
      throw CommonError.invalid(messages.length === 1 ? messages[0] : 'Some settings are not valid', errors);
    }
    const before = await this.get(section);
    if (section === 'security' && values.twoFactorEnabled === true && !(before as AllSettings['security']).twoFactorEnabled && !actor.session?.secondFactor) {
      // Requiring it ends every admin session without a second factor, the actor's own included: they set it up for themselves first.
      throw CommonError.field(
        'twoFactorEnabled',
        'Set up two-factor authentication for your own account first (the Two-factor button in the header): requiring it ends every admin session signed in without a code, yours included.',
      );
    }
    const fields = fieldsOf(section);
    const changed = Object.keys(values).filter((k) => before[k as keyof typeof before] !== values[k]);
    if (changed.length > 0) {
      await this.tx.run(async (tx) => {
        for (const key of changed) {
          const secret = fields[key].type === 'secret';
          const stored = secret && values[key] !== '' ? this.box.seal(String(values[key])) : values[key];
          await this.repository.upsert(tx.manager, { section, key, value: stored, encrypted: secret && values[key] !== '', updatedBy: actor.id });
        }
        const pick = (source: Record<string, unknown>) =>
          Object.fromEntries(changed.map((k) => [k, fields[k].type === 'secret' ? (source[k] ? '[changed]' : '') : source[k]]));
        await this.audit.record(tx.manager, {
          actor,
          action: 'update',
          resource: 'settings',
          resourceId: section,
          summary: `Updated ${section} settings: ${changed.join(', ')}`,
          before: pick(before as Record<string, unknown>),
          after: pick(values),
        });
        await tx.emit('settings.updated', { type: 'settings', id: section }, { section, keys: changed, actorId: actor.id });
      });
      this.changed(section);
      // Other processes drop their copy within CACHE_MS anyway; a lost announcement only delays that.
      await this.redis
        .publish(this.channel, section)
        .catch((err: Error) => this.logger.warn({ err: err.message, section }, 'Settings change not announced to other processes'));
    }
    return this.mask(section, await this.get(section)) as SectionValues<S>;
  }

  /** Drops this process's copy of every section (the admin's Clear cache). */
  clearCache(): void {
    this.cache.clear();
  }

  private changed(section: SectionName): void {
    this.cache.delete(section);
    for (const listener of this.listeners) {
      try {
        listener(section);
      } catch (err) {
        this.logger.warn({ err }, 'Settings listener failed');
      }
    }
  }

  private mask<S extends SectionName>(section: S, values: SectionValues<S>): SectionValues<S> {
    const out: Record<string, unknown> = { ...values };
    for (const [key, spec] of Object.entries(fieldsOf(section))) {
      if (spec.type === 'secret') out[key] = out[key] ? SECRET_MASK : '';
    }
    return out as SectionValues<S>;
  }
}
