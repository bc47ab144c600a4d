import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys (issue 34): scoped keys an administrator creates for the admin API.
 *
 * - api_keys: one row per key. The key text is `cpk_<key_id>_<secret>`; only
 *   sha256(secret) is stored (secret_hash, 32 bytes): the secret is 32 random
 *   bytes, so a fast hash is enough and the plaintext is never kept. key_id
 *   (12 base62 characters) finds the row and, as `cpk_<key_id>`, lets an
 *   admin recognise a key in lists. scopes: `{ "<resource>": "read" | "write" }`.
 *   A key acts as created_by (while that account is an active admin).
 *   Keys are revoked (revoked_at, revoked_by), never deleted; a deleted
 *   account takes its keys with it.
 * - audit_log.api_key_id: the key an audited action came through (NULL: a
 *   console session, the command line or the system).
 */
export class ApiKeys1795720000000 implements MigrationInterface {
  name = 'ApiKeys1795720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key_id text NOT NULL UNIQUE CHECK (key_id ~ '^[0-9A-Za-z]{12}$'),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
        secret_hash bytea NOT NULL CHECK (octet_length(secret_hash) = 32),
        scopes jsonb NOT NULL CHECK (jsonb_typeof(scopes) = 'object'),
        expires_at timestamptz,
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX api_keys_created_at_idx ON api_keys (created_at DESC, id DESC)`);
    await q.query(`ALTER TABLE audit_log ADD COLUMN api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP COLUMN api_key_id`);
    await q.query(`DROP TABLE api_keys`);
  }
}
