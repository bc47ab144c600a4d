import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../../database/sql.repository';

export interface TwoFactorRow {
  user_id: string;
  secret_encrypted: string | null;
  pending_secret_encrypted: string | null;
  enabled_at: Date | null;
  last_step: string;
}

/** admin_two_factor and admin_recovery_codes: an administrator's TOTP secret (encrypted) and single-use recovery codes (hashed). */
@Injectable()
export class TwoFactorRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<TwoFactorRow | null> {
    const rows = await queryRows<TwoFactorRow>(this.dataSource.manager, 'SELECT * FROM admin_two_factor WHERE user_id = $1', [userId]);
    return rows[0] ?? null;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const rows = await queryRows(this.dataSource.manager, 'SELECT 1 FROM admin_two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL', [userId]);
    return rows.length > 0;
  }

  async savePending(userId: string, sealedSecret: string): Promise<void> {
    await execute(
      this.dataSource.manager,
      `INSERT INTO admin_two_factor (user_id, pending_secret_encrypted) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret_encrypted = EXCLUDED.pending_secret_encrypted, updated_at = now()`,
      [userId, sealedSecret],
    );
  }

  /** The pending secret becomes the secret; the code used to confirm it counts as used. */
  async enable(manager: EntityManager, userId: string, step: number): Promise<void> {
    await execute(
      manager,
      `UPDATE admin_two_factor SET secret_encrypted = pending_secret_encrypted, pending_secret_encrypted = NULL, enabled_at = now(), last_step = $2, updated_at = now()
        WHERE user_id = $1`,
      [userId, step],
    );
  }

  /** Records the time step of an accepted code; false when that step (or a later one) was used already: a replay. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE admin_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING user_id`,
      [userId, step],
    );
    return rows.length === 1;
  }

  async replaceRecoveryCodes(manager: EntityManager, userId: string, hashes: readonly Buffer[]): Promise<void> {
    await execute(manager, 'DELETE FROM admin_recovery_codes WHERE user_id = $1', [userId]);
    await execute(manager, 'INSERT INTO admin_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])', [userId, hashes]);
  }

  /** Spends one unused recovery code; false when it is not one, or was used before. */
  async useRecoveryCode(userId: string, hash: Buffer): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE admin_recovery_codes SET used_at = now() WHERE id = (SELECT id FROM admin_recovery_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1 FOR UPDATE) RETURNING id`,
      [userId, hash],
    );
    return rows.length === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await queryOne<{ n: number }>(
      this.dataSource.manager,
      'SELECT count(*)::int AS n FROM admin_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return row!.n;
  }

  async remove(manager: EntityManager, userId: string): Promise<boolean> {
    await execute(manager, 'DELETE FROM admin_recovery_codes WHERE user_id = $1', [userId]);
    const rows = await queryRows(manager, 'DELETE FROM admin_two_factor WHERE user_id = $1 RETURNING user_id', [userId]);
    return rows.length === 1;
  }
}
