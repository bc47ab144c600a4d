import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * One-time password tokens (reset and invitation links). Only the SHA-256
 * of a token is stored; using one marks it used and voids the user's others.
 */
@Injectable()
export class PasswordResetService {
  constructor(private readonly tokens: PasswordResetTokensRepository) {}

  async issue(manager: EntityManager, userId: string, ttlSeconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(manager, userId, sha256(token), ttlSeconds);
    return token;
  }

  /** Whether a link still works (unused, unexpired), checked when it is opened; nothing is used up. */
  usable(manager: EntityManager, token: string): Promise<boolean> {
    return this.tokens.usable(manager, sha256(token));
  }

  /** The user id when the token is valid, unused and unexpired; it is consumed in the same transaction. */
  async consume(manager: EntityManager, token: string): Promise<string | null> {
    const userId = await this.tokens.use(manager, sha256(token));
    if (userId) await this.tokens.voidAllOfUser(manager, userId);
    return userId;
  }
}
