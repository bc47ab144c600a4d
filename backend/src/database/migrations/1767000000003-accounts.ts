import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1767000000003 implements MigrationInterface {
  name = 'Accounts1767000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash varchar(255) NOT NULL,
        role varchar(16) NOT NULL DEFAULT 'student' CHECK (role IN ('student', 'admin')),
        status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'suspended')),
        plan varchar(16) NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'premium', 'lifetime')),
        join_date date NOT NULL DEFAULT CURRENT_DATE,
        last_login_at timestamptz,
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
    await q.query(`CREATE INDEX users_role_idx ON users (role)`);
    await q.query(`CREATE INDEX users_status_idx ON users (status)`);
    await q.query(`CREATE INDEX users_created_idx ON users (created_at)`);

    await q.query(`
      CREATE TABLE entitlements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        email varchar(254) NOT NULL,
        payment_id uuid,
        source varchar(16) NOT NULL CHECK (source IN ('payment', 'admin', 'seed')),
        granted_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        reason text
      )`);
    await q.query(`CREATE UNIQUE INDEX entitlements_payment_key ON entitlements (payment_id) WHERE payment_id IS NOT NULL`);
    await q.query(`CREATE INDEX entitlements_user_active_idx ON entitlements (user_id) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX entitlements_email_idx ON entitlements (lower(email))`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id uuid,
        actor_email varchar(254),
        action varchar(32) NOT NULL,
        resource varchar(48) NOT NULL,
        resource_id varchar(64),
        summary text NOT NULL DEFAULT '',
        changes jsonb,
        request_id varchar(100),
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC)`);
    await q.query(`CREATE INDEX audit_log_resource_idx ON audit_log (resource, resource_id)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id)`);

    await q.query(`
      CREATE TABLE settings (
        section varchar(32) NOT NULL,
        key varchar(64) NOT NULL,
        value jsonb NOT NULL,
        encrypted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid,
        PRIMARY KEY (section, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['settings', 'audit_log', 'password_reset_tokens', 'entitlements', 'users']) await q.query(`DROP TABLE ${table}`);
  }
}
