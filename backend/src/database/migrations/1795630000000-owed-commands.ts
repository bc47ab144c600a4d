import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Commands are owed rows, like events (issue 28):
 * - owed_commands: every side effect a consumer or a request decides to
 *   perform later (send this mail, capture this PayPal order) is written
 *   here in the transaction that decides it, then published to BullMQ as the
 *   fast path; the re-drive scans the rows still owed (check_at) exactly as
 *   it scans event_deliveries. `key` makes deciding the same command twice
 *   one row; `summary` is what the console shows (a mail's recipient,
 *   subject and tag), `payload` what the worker needs, dropped once done.
 * - system_alerts: the console's own channel for system problems (dead
 *   letters, failed backups, a failing mail transport), which works when
 *   mail does not; one open alert per kind, counted while it repeats.
 */
export class OwedCommands1795630000000 implements MigrationInterface {
  name = 'OwedCommands1795630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE owed_commands (
        id uuid PRIMARY KEY,
        name varchar(64) NOT NULL,
        queue varchar(32) NOT NULL,
        key text,
        summary jsonb NOT NULL DEFAULT '{}',
        payload jsonb,
        state varchar(8) NOT NULL DEFAULT 'owed' CHECK (state IN ('owed', 'sent', 'failed', 'dead')),
        job_id varchar(200) NOT NULL,
        job_attempts int CHECK (job_attempts > 0),
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        last_failed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        check_at timestamptz NOT NULL,
        checks int NOT NULL DEFAULT 0,
        redrives int NOT NULL DEFAULT 0,
        done_at timestamptz,
        dead_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX owed_commands_key_idx ON owed_commands (name, key) WHERE key IS NOT NULL`);
    // The re-drive's scan and the mail health's "oldest unsent": only the rows still owed.
    await q.query(`CREATE INDEX owed_commands_due_idx ON owed_commands (check_at) WHERE state IN ('owed', 'failed')`);
    // The console's mail log, newest first, all or by state (keyset on created_at, id).
    await q.query(`CREATE INDEX owed_commands_list_idx ON owed_commands (name, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX owed_commands_state_list_idx ON owed_commands (name, state, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX owed_commands_done_idx ON owed_commands (name, done_at DESC) WHERE state = 'sent'`);
    await q.query(`CREATE INDEX owed_commands_dead_idx ON owed_commands (name, dead_at DESC) WHERE state = 'dead'`);
    await q.query(`CREATE INDEX owed_commands_recipient_idx ON owed_commands (lower(summary->>'to')) WHERE name = 'send-email'`);

    await q.query(`
      CREATE TABLE system_alerts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(40) NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        count int NOT NULL DEFAULT 1,
        first_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        last_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        resolved_at timestamptz,
        resolved_by text
      )`);
    await q.query(`CREATE UNIQUE INDEX system_alerts_open_idx ON system_alerts (kind) WHERE resolved_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE system_alerts`);
    await q.query(`DROP TABLE owed_commands`);
  }
}
