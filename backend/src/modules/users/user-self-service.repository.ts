import { Injectable } from '@nestjs/common';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import type { Language } from '../../common/i18n';
import { typedExecute } from '../../database/sql.repository';
import type {
  IAnonymiseUserQuery,
  IDeleteResetTokensOfUserQuery,
  ISetOwnEmailQuery,
  ISetOwnLanguageQuery,
  ISetOwnNameQuery,
} from './user-self-service.repository.types';

/** A unique-email violation from an update, raised as this so the service can answer its field error. */
export class SelfEmailTakenError extends Error {}

/* Typed against the schema by pgtyped (npm run db:types writes user-self-service.repository.types.ts). */
const setOwnName = sql<ISetOwnNameQuery>`UPDATE users SET name = $name!, updated_at = now() WHERE id = $id!`;
const setOwnLanguage = sql<ISetOwnLanguageQuery>`UPDATE users SET language = $language, updated_at = now() WHERE id = $id!`;
const setOwnEmail = sql<ISetOwnEmailQuery>`UPDATE users SET email = $email!, token_version = token_version + 1, updated_at = now() WHERE id = $id!`;
const anonymiseUser = sql<IAnonymiseUserQuery>`
  UPDATE users SET name = 'Deleted user', email = $placeholderEmail!, password_hash = $passwordHash!, status = 'inactive', plan = 'free', last_login_at = NULL,
         token_version = token_version + 1, updated_at = now()
   WHERE id = $id!`;
const deleteResetTokensOfUser = sql<IDeleteResetTokensOfUserQuery>`DELETE FROM password_reset_tokens WHERE user_id = $id!`;

/** users, as their owners change them: name, a confirmed new email, and the anonymisation of a deleted account. */
@Injectable()
export class UserSelfServiceRepository {
  async setName(manager: EntityManager, id: string, name: string): Promise<void> {
    await typedExecute(manager, setOwnName, { id, name });
  }

  /** The language the owner is served in (null: the site's). */
  async setLanguage(manager: EntityManager, id: string, language: Language | null): Promise<void> {
    await typedExecute(manager, setOwnLanguage, { id, language });
  }

  /** A confirmed email change ends every session. @throws SelfEmailTakenError */
  async setEmail(manager: EntityManager, id: string, email: string): Promise<void> {
    try {
      await typedExecute(manager, setOwnEmail, { id, email });
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') throw new SelfEmailTakenError();
      throw err;
    }
  }

  /** A deleted account: no name, no reachable email, no usable password, no session; the row stays for the records that point at it. */
  async anonymise(manager: EntityManager, id: string, placeholderEmail: string, passwordHash: string): Promise<void> {
    await typedExecute(manager, anonymiseUser, { id, placeholderEmail, passwordHash });
    await typedExecute(manager, deleteResetTokensOfUser, { id });
  }
}
