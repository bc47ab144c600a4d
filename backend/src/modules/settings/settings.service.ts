import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
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
 * payment keys...). Each process reads every section at start and keeps
 * it, refreshed in the background once it is CACHE_MS old (callers never
 * wait for that read); a change is announced on Redis so every API and
 * worker instance drops its copy at once and reads it afresh.
 */
@Injectable()
export class SettingsService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SettingsService.name);
  private readonly box: SecretBox;
  private readonly cache = new Map<SectionName, { at: number; values: Record<string, unknown> }>();
  private readonly loading = new Map<SectionName, Promise<Record<string, unknown>>>();
  /** Bumped by each change of a section (and Clear cache), so a read that began before it is not kept. */
  private readonly generations = new Map<SectionName, number>();
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
    return this.current(section) ?? ((await this.load(section)) as SectionValues<S>);
  }

  /**
   * The section as this process holds it, without waiting (undefined only
   * before its first read): for the hot paths that read a setting on every
   * request, where a promise per read is measurable.
   */
  current<S extends SectionName>(section: S): SectionValues<S> | undefined {
    const hit = this.cache.get(section);
    if (!hit) return undefined;
    // Past its time, the copy is still answered while one read refreshes it in the background. Callers inside a
    // transaction hold a pooled connection: if each waited for a second one to read settings, a burst of them (a
    // launch's checkouts) would hold the whole pool and wait for itself until the pool's time limit (503s).
    if (Date.now() - hit.at >= CACHE_MS) {
      this.load(section).catch((err: Error) => this.logger.warn({ err: err.message, section }, 'Settings not refreshed; the copy stays'));
    }
    return hit.values as SectionValues<S>;
  }

  /** Reads every section once at start, so no request or job waits for settings afterwards (a failure leaves it to the first use). */
  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(SECTIONS.map((section) => this.load(section).catch(() => undefined)));
  }

  /** One read per section at a time, shared by every caller that needs it; a read begun before a change stores nothing. */
  private load(section: SectionName): Promise<Record<string, unknown>> {
    const inFlight = this.loading.get(section);
    if (inFlight) return inFlight;
    const generation = this.generations.get(section) ?? 0;
    const loading = (async () => {
      const rows = await this.repository.section(section);
      const values: Record<string, unknown> = { ...defaultsOf(section) };
      const fields = fieldsOf(section);
      for (const row of rows) {
        if (!fields[row.key]) continue;
        values[row.key] = row.encrypted ? this.box.open(row.value as SealedValue) : row.value;
      }
      if ((this.generations.get(section) ?? 0) === generation) this.cache.set(section, { at: Date.now(), values });
      return values;
    })().finally(() => {
      if (this.loading.get(section) === loading) this.loading.delete(section);
    });
    this.loading.set(section, loading);
    return loading;
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
      // Other processes refresh their copy once it is CACHE_MS old anyway; a lost announcement only delays that.
      await this.redis
        .publish(this.channel, section)
        .catch((err: Error) => this.logger.warn({ err: err.message, section }, 'Settings change not announced to other processes'));
    }
    return this.mask(section, await this.get(section)) as SectionValues<S>;
  }

  /** Drops this process's copy of every section (the admin's Clear cache). */
  clearCache(): void {
    for (const section of SECTIONS) this.forget(section);
  }

  /** The next read of the section reads it afresh (a read under way when it changed is not joined, nor stored). */
  private forget(section: SectionName): void {
    this.generations.set(section, (this.generations.get(section) ?? 0) + 1);
    this.cache.delete(section);
    this.loading.delete(section);
  }

  private changed(section: SectionName): void {
    this.forget(section);
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
