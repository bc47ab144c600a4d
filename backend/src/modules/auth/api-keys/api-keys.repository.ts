import { Injectable } from '@nestjs/common';
import { sql } from '@pgtyped/runtime';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern, type ListQuery } from '../../../common/http/list-query';
import { WhereBuilder } from '../../../common/http/where-builder';
import { queryOne, queryRows, typedExecute, typedOne } from '../../../database/sql.repository';
import type { IApiKeyByIdQuery, IApiKeyByKeyIdQuery, IInsertApiKeyQuery, IRevokeApiKeyQuery, ITouchApiKeyQuery } from './api-keys.repository.types';

export type ApiKeyScopes = Record<string, 'read' | 'write'>;
export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** A key as the console lists it (never its secret nor its hash), with its creator's email. */
export interface ApiKeyRow {
  id: string;
  key_id: string;
  name: string;
  scopes: ApiKeyScopes;
  expires_at: Date | null;
  created_by: string;
  created_by_email: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  status: ApiKeyStatus;
}

/** What authenticating a key reads: its hash, its scopes and whether it still holds. */
export interface ApiKeySecretRow {
  id: string;
  key_id: string;
  name: string;
  secret_hash: Buffer;
  scopes: ApiKeyScopes;
  created_by: string;
  usable: boolean;
}

export interface ApiKeyFilter {
  q?: string;
  status?: ApiKeyStatus;
}

const SORT: Record<string, string> = { createdAt: 'k.created_at', name: 'lower(k.name)' };
export const API_KEY_SORT_FIELDS = Object.keys(SORT);

const STATUS = `CASE WHEN k.revoked_at IS NOT NULL THEN 'revoked' WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'expired' ELSE 'active' END`;
const ROW_COLUMNS = `k.id, k.key_id, k.name, k.scopes, k.expires_at, k.created_by, u.email AS created_by_email, k.created_at, k.last_used_at, k.revoked_at, ${STATUS} AS status`;

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes api-keys.repository.types.ts).
 * The console's list is built at run time (filters, sort, page) and stays hand-typed (ApiKeyRow).
 */
const insertApiKey = sql<IInsertApiKeyQuery>`
  INSERT INTO api_keys (key_id, name, secret_hash, scopes, expires_at, created_by)
  VALUES ($keyId!, $name!, $secretHash!, $scopes!::jsonb, $expiresAt, $createdBy!) RETURNING id`;
const apiKeyById = sql<IApiKeyByIdQuery>`SELECT id FROM api_keys WHERE id = $id!`;
const apiKeyByKeyId = sql<IApiKeyByKeyIdQuery>`
  SELECT id, key_id, name, secret_hash, scopes, created_by,
         (revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())) AS "usable!"
    FROM api_keys WHERE key_id = $keyId!`;
const revokeApiKey = sql<IRevokeApiKeyQuery>`UPDATE api_keys SET revoked_at = now(), revoked_by = $revokedBy! WHERE id = $id! AND revoked_at IS NULL`;
const touchApiKey = sql<ITouchApiKeyQuery>`UPDATE api_keys SET last_used_at = now() WHERE id = $id!`;

/** api_keys: the admin API's keys (only the hash of each secret). */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    manager: EntityManager,
    key: { keyId: string; name: string; secretHash: Buffer; scopes: ApiKeyScopes; expiresAt: Date | null; createdBy: string },
  ): Promise<string> {
    const row = await typedOne(manager, insertApiKey, { ...key, scopes: JSON.stringify(key.scopes) });
    return row!.id;
  }

  async exists(id: string): Promise<boolean> {
    return (await typedOne(this.dataSource.manager, apiKeyById, { id })) !== undefined;
  }

  async row(manager: EntityManager, id: string): Promise<ApiKeyRow | undefined> {
    return queryOne<ApiKeyRow>(manager, `SELECT ${ROW_COLUMNS} FROM api_keys k JOIN users u ON u.id = k.created_by WHERE k.id = $1`, [id]);
  }

  async byKeyId(keyId: string): Promise<ApiKeySecretRow | undefined> {
    const row = await typedOne(this.dataSource.manager, apiKeyByKeyId, { keyId });
    return row ? { ...row, scopes: row.scopes as ApiKeyScopes } : undefined;
  }

  /** Answers whether this call revoked it (false: it was revoked already). */
  async revoke(manager: EntityManager, id: string, revokedBy: string): Promise<boolean> {
    return (await typedExecute(manager, revokeApiKey, { id, revokedBy })) > 0;
  }

  async touch(id: string): Promise<void> {
    await typedExecute(this.dataSource.manager, touchApiKey, { id });
  }

  async list(filter: ApiKeyFilter, page: Pick<ListQuery, 'sort' | 'skip' | 'take' | 'ids'>): Promise<{ rows: ApiKeyRow[]; total: number }> {
    const q = filter.q ? likePattern(filter.q) : undefined;
    const where = new WhereBuilder()
      .when(filter.status, `${STATUS} = ?`, filter.status)
      .when(q, '(k.name ILIKE ? OR k.key_id ILIKE ? OR u.email ILIKE ?)', q, q, q)
      .when(page.ids, 'k.id = ANY(?::uuid[])', page.ids);
    const from = `FROM api_keys k JOIN users u ON u.id = k.created_by ${where.sql}`;
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total ${from}`, where.params);
    const rows = await queryRows<ApiKeyRow>(
      this.dataSource.manager,
      `SELECT ${ROW_COLUMNS} ${from} ORDER BY ${SORT[page.sort.field]} ${page.sort.order}, k.id DESC OFFSET ${page.skip} LIMIT ${page.take}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }
}
