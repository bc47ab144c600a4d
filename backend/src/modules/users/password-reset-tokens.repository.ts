import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { execute, queryOne } from '../../database/sql.repository';

/** password_reset_tokens: SHA-256 of one-time reset and invitation tokens. */
@Injectable()
export class PasswordResetTokensRepository {
  async insert(manager: EntityManager, userId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await execute(manager, `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      userId,
      tokenHash,
      ttlSeconds,
    ]);
  }

  /** Marks a valid (unused, unexpired) token used; answers its user. */
  async use(manager: EntityManager, tokenHash: string): Promise<string | null> {
    const row = await queryOne<{ user_id: string }>(
      manager,
      `UPDATE password_reset_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash],
    );
    return row?.user_id ?? null;
  }

  /** Whether the token is unused and unexpired, without using it. */
  async usable(manager: EntityManager, tokenHash: string): Promise<boolean> {
    const row = await queryOne<{ ok: boolean }>(
      manager,
      `SELECT true AS ok FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return Boolean(row);
  }

  async voidAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await execute(manager, `UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  }
}
