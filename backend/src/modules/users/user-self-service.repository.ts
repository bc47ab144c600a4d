import { Injectable } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { Language } from '../../common/i18n';
import { execute } from '../../database/sql.repository';

/** A unique-email violation from an update, raised as this so the service can answer its field error. */
export class SelfEmailTakenError extends Error {}

/** users, as their owners change them: name, a confirmed new email, and the anonymisation of a deleted account. */
@Injectable()
export class UserSelfServiceRepository {
  async setName(manager: EntityManager, id: string, name: string): Promise<void> {
    await execute(manager, `UPDATE users SET name = $2, updated_at = now() WHERE id = $1`, [id, name]);
  }

  /** The language the owner is served in (null: the site's). */
  async setLanguage(manager: EntityManager, id: string, language: Language | null): Promise<void> {
    await execute(manager, `UPDATE users SET language = $2, updated_at = now() WHERE id = $1`, [id, language]);
  }

  /** A confirmed email change ends every session. @throws SelfEmailTakenError */
  async setEmail(manager: EntityManager, id: string, email: string): Promise<void> {
    try {
      await execute(manager, `UPDATE users SET email = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1`, [id, email]);
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') throw new SelfEmailTakenError();
      throw err;
    }
  }

  /** A deleted account: no name, no reachable email, no usable password, no session; the row stays for the records that point at it. */
  async anonymise(manager: EntityManager, id: string, placeholderEmail: string, passwordHash: string): Promise<void> {
    await execute(
      manager,
      `UPDATE users SET name = 'Deleted user', email = $2, password_hash = $3, status = 'inactive', plan = 'free', last_login_at = NULL,
              token_version = token_version + 1, updated_at = now()
        WHERE id = $1`,
      [id, placeholderEmail, passwordHash],
    );
    await execute(manager, `DELETE FROM password_reset_tokens WHERE user_id = $1`, [id]);
  }
}
