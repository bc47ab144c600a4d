import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin console at a million learners (issue 17). Runs OUTSIDE a
 * transaction (`transaction = false`): every index is built with CREATE
 * INDEX CONCURRENTLY, so upgrading a live school never blocks writes to
 * users, payments or the audit log while an index builds. Each step can be
 * re-run: an index a failed build left INVALID is dropped and built again.
 *
 * What each index serves, checked with EXPLAIN (ANALYZE, BUFFERS) on the
 * scale benchmark's data (`npm run bench -- scale`: 1M users, 1M payments,
 * 5M audit rows; warm cache, 2-core machine):
 *
 * - pg_trgm GIN indexes, `%fragment%` search (ILIKE). users: `name ILIKE
 *   '%hernandez%' OR email ILIKE ...` is a BitmapOr of the two GIN scans,
 *   ~8,300 matches, 25 newest after a top-N sort: 60 ms → was a 1M-row
 *   seq scan (~900 ms). A fragment of fewer than 3 characters has no
 *   trigram: the planner walks the sort index and filters instead.
 *   payments.email: same shape. audit_log (summary, actor_email, resource)
 *   in one multi-column GIN: each OR arm is a bitmap scan of its column.
 * - (sort column, id) B-trees: every sortable column of the three grids,
 *   both directions (a backward scan serves DESC), ties broken by id in the
 *   same direction. A page is an index range scan of 25 entries (< 1 ms),
 *   at any depth with keyset paging: `WHERE (col, id) < ($v, $id)` is an
 *   index condition. Nullable columns (last login, paid at, actor email)
 *   are indexed NULLS FIRST: ascending lists nulls first, descending last.
 *   They replace the single-column indexes on created_at, role, status,
 *   lower(payments.email) and audit at, which they cover.
 * - user_counts: the users stat cards and the unfiltered (or role/status)
 *   users total, kept exact by statement-level triggers in the writing
 *   transaction (no full count per request; a login touches no counter).
 */
export class AdminScale1795601389754 implements MigrationInterface {
  name = 'AdminScale1795601389754';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    // A trusted extension (PostgreSQL 13+): the database owner may create it, no superuser needed.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // This session only: index builds sort in memory, and a GIN build of millions of rows with the 64 MB default takes many times longer.
    await q.query(`SET maintenance_work_mem = '256MB'`);

    // users
    await concurrently(q, 'users_name_trgm_idx', `users USING gin (name gin_trgm_ops)`);
    await concurrently(q, 'users_email_trgm_idx', `users USING gin (email gin_trgm_ops)`);
    await concurrently(q, 'users_name_sort_idx', `users (lower(name), id)`);
    await concurrently(q, 'users_role_sort_idx', `users (role, id)`);
    await concurrently(q, 'users_status_sort_idx', `users (status, id)`);
    await concurrently(q, 'users_plan_sort_idx', `users (plan, id)`);
    await concurrently(q, 'users_join_date_sort_idx', `users (join_date, id)`);
    await concurrently(q, 'users_last_login_sort_idx', `users (last_login_at NULLS FIRST, id)`);
    await concurrently(q, 'users_created_sort_idx', `users (created_at, id)`);
    for (const old of ['users_created_idx', 'users_role_idx', 'users_status_idx']) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${old}`);
    // lower(email) is unique (users_email_lower_key): it sorts and pages the email column alone.

    // payments
    await concurrently(q, 'payments_email_trgm_idx', `payments USING gin (email gin_trgm_ops)`);
    await concurrently(q, 'payments_created_sort_idx', `payments (created_at, id)`);
    await concurrently(q, 'payments_updated_sort_idx', `payments (updated_at, id)`);
    await concurrently(q, 'payments_email_sort_idx', `payments (lower(email), id)`);
    await concurrently(q, 'payments_state_sort_idx', `payments (state, id)`);
    await concurrently(q, 'payments_amount_sort_idx', `payments (amount, id)`);
    await concurrently(q, 'payments_paid_sort_idx', `payments (paid_at NULLS FIRST, id)`);
    for (const old of ['payments_created_idx', 'payments_email_idx']) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${old}`);

    // audit_log
    await concurrently(q, 'audit_log_search_trgm_idx', `audit_log USING gin (summary gin_trgm_ops, actor_email gin_trgm_ops, resource gin_trgm_ops)`);
    await concurrently(q, 'audit_log_at_sort_idx', `audit_log (at, id)`);
    await concurrently(q, 'audit_log_action_sort_idx', `audit_log (action, id)`);
    await concurrently(q, 'audit_log_resource_sort_idx', `audit_log (resource, id)`);
    await concurrently(q, 'audit_log_actor_sort_idx', `audit_log (actor_email NULLS FIRST, id)`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS audit_log_at_idx`);

    await q.query(`RESET maintenance_work_mem`);

    // The users stat cards: one row per (role, status), changed with the users rows in the same transaction.
    await q.query(`
      CREATE TABLE IF NOT EXISTS user_counts (
        role varchar(16) NOT NULL,
        status varchar(16) NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (role, status)
      )`);
    // Rows are applied in key order, so two transactions changing several counters never deadlock.
    await q.query(`
      CREATE OR REPLACE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM user_counts;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO user_counts (role, status, n)
          SELECT role, status, count(*) FROM new_rows GROUP BY role, status ORDER BY role, status
          ON CONFLICT (role, status) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO user_counts (role, status, n)
          SELECT role, status, -count(*) FROM old_rows GROUP BY role, status ORDER BY role, status
          ON CONFLICT (role, status) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
        ELSE
          INSERT INTO user_counts (role, status, n)
          SELECT role, status, sum(d) FROM (SELECT role, status, 1 AS d FROM new_rows UNION ALL SELECT role, status, -1 FROM old_rows) x
           GROUP BY role, status HAVING sum(d) <> 0 ORDER BY role, status
          ON CONFLICT (role, status) DO UPDATE SET n = user_counts.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    // Counting the existing users and starting the triggers is one short transaction that holds writers back.
    await q.startTransaction();
    try {
      await q.query(`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`);
      await q.query(`DROP TRIGGER IF EXISTS users_counts_insert ON users`);
      await q.query(`DROP TRIGGER IF EXISTS users_counts_update ON users`);
      await q.query(`DROP TRIGGER IF EXISTS users_counts_delete ON users`);
      await q.query(`DROP TRIGGER IF EXISTS users_counts_truncate ON users`);
      await q.query(
        `CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`,
      );
      await q.query(
        `CREATE TRIGGER users_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`,
      );
      await q.query(
        `CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`,
      );
      await q.query(`CREATE TRIGGER users_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`);
      await q.query(`DELETE FROM user_counts`);
      await q.query(`INSERT INTO user_counts (role, status, n) SELECT role, status, count(*) FROM users GROUP BY role, status`);
      await q.commitTransaction();
    } catch (err) {
      await q.rollbackTransaction();
      throw err;
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['insert', 'update', 'delete', 'truncate']) await q.query(`DROP TRIGGER IF EXISTS users_counts_${t} ON users`);
    await q.query(`DROP FUNCTION IF EXISTS user_counts_apply()`);
    await q.query(`DROP TABLE IF EXISTS user_counts`);
    await concurrently(q, 'users_created_idx', `users (created_at)`);
    await concurrently(q, 'users_role_idx', `users (role)`);
    await concurrently(q, 'users_status_idx', `users (status)`);
    await concurrently(q, 'payments_created_idx', `payments (created_at DESC)`);
    await concurrently(q, 'payments_email_idx', `payments (lower(email))`);
    await concurrently(q, 'audit_log_at_idx', `audit_log (at DESC)`);
    for (const ix of [
      'users_name_trgm_idx',
      'users_email_trgm_idx',
      'users_name_sort_idx',
      'users_role_sort_idx',
      'users_status_sort_idx',
      'users_plan_sort_idx',
      'users_join_date_sort_idx',
      'users_last_login_sort_idx',
      'users_created_sort_idx',
      'payments_email_trgm_idx',
      'payments_created_sort_idx',
      'payments_updated_sort_idx',
      'payments_email_sort_idx',
      'payments_state_sort_idx',
      'payments_amount_sort_idx',
      'payments_paid_sort_idx',
      'audit_log_search_trgm_idx',
      'audit_log_at_sort_idx',
      'audit_log_action_sort_idx',
      'audit_log_resource_sort_idx',
      'audit_log_actor_sort_idx',
    ])
      await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${ix}`);
  }
}

/**
 * CREATE INDEX CONCURRENTLY, re-runnable: a valid index of that name is
 * kept; an invalid one (a build interrupted earlier) is dropped and built again.
 */
async function concurrently(q: QueryRunner, name: string, on: string): Promise<void> {
  const rows = (await q.query(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
    [name],
  )) as Array<{ valid: boolean }>;
  if (rows[0]?.valid) return;
  if (rows[0]) await q.query(`DROP INDEX CONCURRENTLY ${name}`);
  await q.query(`CREATE INDEX CONCURRENTLY ${name} ON ${on}`);
}
