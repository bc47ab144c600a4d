import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * One-time password tokens (reset and invitation links). Only the SHA-256
 * of a token is stored; using one marks it used and voids the user's others.
 */
@Injectable()
export class PasswordResetService {
  async issue(manager: EntityManager, userId: string, ttlSeconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await manager.query(
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [userId, sha256(token), ttlSeconds],
    );
    return token;
  }

  /** The user id when the token is valid, unused and unexpired; it is consumed in the same transaction. */
  async consume(manager: EntityManager, token: string): Promise<string | null> {
    const rows = await queryRows<{ user_id: string }>(
      manager,
      `UPDATE password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [sha256(token)],
    );
    if (rows.length === 0) return null;
    await manager.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [rows[0].user_id]);
    return rows[0].user_id;
  }
}
