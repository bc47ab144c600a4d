import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { isAdminAccount } from '../../../common/auth/admin-power';
import type { ApiKeyAccess } from '../../../common/auth/api-key-routes';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CommonError } from '../../../common/errors/common.error';
import type { FieldErrors } from '../../../common/errors/domain-error';
import type { ListQuery } from '../../../common/http/list-query';
import { RateLimiter } from '../../../common/http/rate-limiter';
import { authConfig } from '../../../config';
import { REDIS } from '../../../redis/redis.module';
import { AuditService } from '../../audit';
import { UsersService } from '../../users';
import { toAuthUser } from '../session-tokens.service';
import { ApiKeyCatalogue } from './api-key-catalogue';
import { apiKeyPrefix, generateApiKey, parseApiKey, secretMatches } from './api-key-text';
import { ApiKeysRepository, type ApiKeyFilter, type ApiKeyRow, type ApiKeyScopes } from './api-keys.repository';
import type { ApiKeyView, CreateApiKeyDto, CreatedApiKey } from './dto/api-key.dto';

export const INVALID_API_KEY = 'This API key is not valid';
export const API_KEY_RATE_LIMITED = 'Too many requests through this API key, try again later';

/** Compared against when no key matched the id, so an unknown key takes as long as a wrong secret. */
const NO_HASH = Buffer.alloc(32);
/** How often last_used_at may be written per key (seconds). */
const TOUCH_EVERY_SECONDS = 60;

const invalid = (): CommonError => CommonError.unauthenticated(INVALID_API_KEY);

export function toApiKeyView(r: ApiKeyRow): ApiKeyView {
  return {
    id: r.id,
    name: r.name,
    prefix: apiKeyPrefix(r.key_id),
    scopes: r.scopes,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    createdBy: { id: r.created_by, email: r.created_by_email },
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    status: r.status,
  };
}

/**
 * The admin API's keys: created by an admin (the secret shown once, only its
 * sha256 stored), scoped per resource, revocable, rate limited per key, and
 * used as the admin who created them while that account is an active admin.
 */
@Injectable()
export class ApiKeys {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly catalogue: ApiKeyCatalogue,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {
    this.limiter = new RateLimiter(redis, 'api-key', 60);
  }

  list(filter: ApiKeyFilter, page: Pick<ListQuery, 'sort' | 'skip' | 'take' | 'ids'>): Promise<{ rows: ApiKeyRow[]; total: number }> {
    return this.repository.list(filter, page);
  }

  async create(body: CreateApiKeyDto, actor: AuthUser): Promise<CreatedApiKey> {
    const scopes = this.checkScopes(body.scopes);
    const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
    if (expiresAt && !(expiresAt.getTime() > Date.now())) throw CommonError.field('expiresAt', 'The expiry must be a date and time in the future');
    const key = generateApiKey();
    const row = await this.dataSource.transaction(async (manager) => {
      const id = await this.repository.insert(manager, {
        keyId: key.keyId,
        name: body.name,
        secretHash: key.secretHash,
        scopes,
        expiresAt,
        createdBy: actor.id,
      });
      const created = (await this.repository.row(manager, id))!;
      await this.audit.record(manager, {
        actor,
        action: 'create',
        resource: 'api-keys',
        resourceId: id,
        summary: `Created API key "${created.name}" (${apiKeyPrefix(created.key_id)})`,
        after: { name: created.name, prefix: apiKeyPrefix(created.key_id), scopes, expiresAt },
      });
      return created;
    });
    return { ...toApiKeyView(row), secret: key.text };
  }

  /** Revokes a key (again: answers it as it is, nothing recorded). */
  async revoke(id: string, actor: AuthUser): Promise<ApiKeyView> {
    if (!(await this.repository.exists(id))) throw CommonError.notFound('No such API key');
    const row = await this.dataSource.transaction(async (manager) => {
      const revoked = await this.repository.revoke(manager, id, actor.id);
      const after = (await this.repository.row(manager, id))!;
      if (revoked) {
        await this.audit.record(manager, {
          actor,
          action: 'revoke-api-key',
          resource: 'api-keys',
          resourceId: id,
          summary: `Revoked API key "${after.name}" (${apiKeyPrefix(after.key_id)})`,
        });
      }
      return after;
    });
    return toApiKeyView(row);
  }

  /**
   * The caller behind a key, for a route of `resource` needing `access`:
   * 401 (one message whatever is wrong) for a malformed, unknown, wrong,
   * revoked or expired key or one whose admin is no longer an active admin;
   * 429 past the key's rate; 403 outside its scopes.
   */
  async authenticate(text: string, resource: string, access: ApiKeyAccess): Promise<AuthUser> {
    const parsed = parseApiKey(text);
    const row = parsed ? await this.repository.byKeyId(parsed.keyId) : undefined;
    const matches = secretMatches(parsed?.secret ?? '', row?.secret_hash ?? NO_HASH);
    if (!parsed || !row || !matches || !row.usable) throw invalid();
    const user = await this.users.findById(row.created_by);
    if (!user || user.status !== 'active' || !isAdminAccount(user)) throw invalid();

    const wait = await this.limiter.reserve([{ key: row.id, max: this.config.apiKeyMaxPerMinute }]);
    if (wait > 0) throw CommonError.rateLimited(API_KEY_RATE_LIMITED, wait);
    const granted = row.scopes[resource];
    if (granted !== 'write' && (granted !== 'read' || access === 'write')) throw CommonError.forbidden(`This API key may not ${access} ${resource}`);

    if ((await this.redis.set(`api-key:used:${row.id}`, '1', 'EX', TOUCH_EVERY_SECONDS, 'NX')) === 'OK') await this.repository.touch(row.id);
    return {
      ...toAuthUser(user, { kind: 'admin', jti: `api-key:${row.id}`, exp: 0 }),
      apiKey: { id: row.id, name: row.name, prefix: apiKeyPrefix(row.key_id), scopes: row.scopes },
    };
  }

  /** The scopes asked for: at least one, each a resource of the catalogue given `read` or `write`. */
  private checkScopes(raw: Record<string, unknown>): ApiKeyScopes {
    const errors: FieldErrors = {};
    const scopes: ApiKeyScopes = {};
    for (const [resource, access] of Object.entries(raw)) {
      if (!this.catalogue.has(resource)) errors[`scopes.${resource}`] = `Unknown resource "${resource}"`;
      else if (access !== 'read' && access !== 'write') errors[`scopes.${resource}`] = `The access to ${resource} must be read or write`;
      else scopes[resource] = access;
    }
    if (Object.keys(errors).length > 0) throw CommonError.fields(errors);
    if (Object.keys(scopes).length === 0) throw CommonError.field('scopes', 'Choose at least one resource the key may read or write');
    return scopes;
  }
}
