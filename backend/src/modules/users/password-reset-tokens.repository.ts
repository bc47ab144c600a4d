import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne } from '../../database/sql.repository';
import type {
  IInsertResetTokenQuery,
  IResetTokenUsableQuery,
  IUseResetTokenQuery,
  IVoidResetTokensOfUserQuery,
} from './password-reset-tokens.repository.types';

/* Typed against the schema by pgtyped (npm run db:types writes password-reset-tokens.repository.types.ts). */
const insertResetToken = sql<IInsertResetTokenQuery>`
  INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($userId!, $tokenHash!, now() + make_interval(secs => $ttlSeconds!))`;
const useResetToken = sql<IUseResetTokenQuery>`
  UPDATE password_reset_tokens SET used_at = now() WHERE token_hash = $tokenHash! AND used_at IS NULL AND expires_at > now() RETURNING user_id`;
const resetTokenUsable = sql<IResetTokenUsableQuery>`
  SELECT true AS ok FROM password_reset_tokens WHERE token_hash = $tokenHash! AND used_at IS NULL AND expires_at > now()`;
const voidResetTokensOfUser = sql<IVoidResetTokensOfUserQuery>`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $userId! AND used_at IS NULL`;

/** password_reset_tokens: SHA-256 of one-time reset and invitation tokens. */
@Injectable()
export class PasswordResetTokensRepository {
  async insert(manager: EntityManager, userId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await typedExecute(manager, insertResetToken, { userId, tokenHash, ttlSeconds });
  }

  /** Marks a valid (unused, unexpired) token used; answers its user. */
  async use(manager: EntityManager, tokenHash: string): Promise<string | null> {
    const row = await typedOne(manager, useResetToken, { tokenHash });
    return row?.user_id ?? null;
  }

  /** Whether the token is unused and unexpired, without using it. */
  async usable(manager: EntityManager, tokenHash: string): Promise<boolean> {
    const row = await typedOne(manager, resetTokenUsable, { tokenHash });
    return Boolean(row);
  }

  async voidAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    await typedExecute(manager, voidResetTokensOfUser, { userId });
  }
}
