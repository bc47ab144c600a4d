import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../../database/sql.repository';
import type {
  IDeleteRecoveryCodesQuery,
  IDeleteTwoFactorQuery,
  IEnableTwoFactorQuery,
  IInsertRecoveryCodesQuery,
  IRecoveryCodesLeftQuery,
  ISavePendingSecretQuery,
  ITwoFactorEnabledQuery,
  ITwoFactorOfUserQuery,
  ITwoFactorOfUserResult,
  IUseRecoveryCodeQuery,
  IUseTimeStepQuery,
} from './two-factor.repository.types';

/** An administrator's two-factor row as generated from the schema (two-factor.repository.types.ts, `npm run db:types`). */
export type TwoFactorRow = ITwoFactorOfUserResult;

/* Typed against the schema by pgtyped (npm run db:types writes two-factor.repository.types.ts). */
const twoFactorOfUser = sql<ITwoFactorOfUserQuery>`SELECT * FROM admin_two_factor WHERE user_id = $userId!`;
const twoFactorEnabled = sql<ITwoFactorEnabledQuery>`SELECT 1 AS enabled FROM admin_two_factor WHERE user_id = $userId! AND enabled_at IS NOT NULL`;
const savePendingSecret = sql<ISavePendingSecretQuery>`
  INSERT INTO admin_two_factor (user_id, pending_secret_encrypted) VALUES ($userId!, $sealedSecret!)
  ON CONFLICT (user_id) DO UPDATE SET pending_secret_encrypted = EXCLUDED.pending_secret_encrypted, updated_at = now()`;
const enableTwoFactor = sql<IEnableTwoFactorQuery>`
  UPDATE admin_two_factor SET secret_encrypted = pending_secret_encrypted, pending_secret_encrypted = NULL, enabled_at = now(), last_step = $step!, updated_at = now()
   WHERE user_id = $userId!`;
const useTimeStep = sql<IUseTimeStepQuery>`UPDATE admin_two_factor SET last_step = $step! WHERE user_id = $userId! AND last_step < $step! RETURNING user_id`;
const deleteRecoveryCodes = sql<IDeleteRecoveryCodesQuery>`DELETE FROM admin_recovery_codes WHERE user_id = $userId!`;
const insertRecoveryCodes = sql<IInsertRecoveryCodesQuery>`INSERT INTO admin_recovery_codes (user_id, code_hash) SELECT $userId!, unnest($hashes!::bytea[])`;
const useRecoveryCode = sql<IUseRecoveryCodeQuery>`
  UPDATE admin_recovery_codes SET used_at = now()
   WHERE id = (SELECT id FROM admin_recovery_codes WHERE user_id = $userId! AND code_hash = $hash! AND used_at IS NULL LIMIT 1 FOR UPDATE) RETURNING id`;
const recoveryCodesLeft = sql<IRecoveryCodesLeftQuery>`SELECT count(*)::int AS "n!" FROM admin_recovery_codes WHERE user_id = $userId! AND used_at IS NULL`;
const deleteTwoFactor = sql<IDeleteTwoFactorQuery>`DELETE FROM admin_two_factor WHERE user_id = $userId! RETURNING user_id`;

/** admin_two_factor and admin_recovery_codes: an administrator's TOTP secret (encrypted) and single-use recovery codes (hashed). */
@Injectable()
export class TwoFactorRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<TwoFactorRow | null> {
    return (await typedOne(this.dataSource.manager, twoFactorOfUser, { userId })) ?? null;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, twoFactorEnabled, { userId });
    return rows.length > 0;
  }

  async savePending(userId: string, sealedSecret: string): Promise<void> {
    await typedExecute(this.dataSource.manager, savePendingSecret, { userId, sealedSecret });
  }

  /** The pending secret becomes the secret; the code used to confirm it counts as used. */
  async enable(manager: EntityManager, userId: string, step: number): Promise<void> {
    await typedExecute(manager, enableTwoFactor, { userId, step });
  }

  /** Records the time step of an accepted code; false when that step (or a later one) was used already: a replay. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, useTimeStep, { userId, step });
    return rows.length === 1;
  }

  async replaceRecoveryCodes(manager: EntityManager, userId: string, hashes: readonly Buffer[]): Promise<void> {
    await typedExecute(manager, deleteRecoveryCodes, { userId });
    await typedExecute(manager, insertRecoveryCodes, { userId, hashes: [...hashes] });
  }

  /** Spends one unused recovery code; false when it is not one, or was used before. */
  async useRecoveryCode(userId: string, hash: Buffer): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, useRecoveryCode, { userId, hash });
    return rows.length === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await typedOne(this.dataSource.manager, recoveryCodesLeft, { userId });
    return row!.n;
  }

  async remove(manager: EntityManager, userId: string): Promise<boolean> {
    await typedExecute(manager, deleteRecoveryCodes, { userId });
    const rows = await typedRows(manager, deleteTwoFactor, { userId });
    return rows.length === 1;
  }
}
