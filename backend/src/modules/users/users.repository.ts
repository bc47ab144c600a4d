import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { EXACT_COUNT_LIMIT, type KeysetCursor, type Page, type SortKey } from '../../common/http/list-paging';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { listPage, listWithTotal, streamList, type ListSource } from '../../database/list-page.repository';
import type { Language } from '../../common/i18n';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { StatementBefore } from '../../events/outbox.repository';
import type { UserPlan, UserRole, UserRow, UserStatus, UserWithPassword } from './user.model';
import type {
  ICountUsersFromCountersQuery,
  IDeleteUserQuery,
  IEmailTakenQuery,
  IEndAllSessionsQuery,
  IInsertUserQuery,
  ILockUserByIdQuery,
  INameAndEmailQuery,
  IPasswordHashOfQuery,
  ISetPasswordHashQuery,
  IStampLoginQuery,
  IUpdateUserQuery,
  IUserByEmailQuery,
  IUserByIdQuery,
  IUserLanguageByEmailQuery,
  IUserLanguageByIdQuery,
  IUserSummaryQuery,
} from './users.repository.types';

/** Each sortable field and its (key, id) index (migration AdminScale1795601389754). */
export const USER_SORT_KEYS: Record<string, SortKey> = {
  id: { expr: 'u.id', type: 'uuid' },
  name: { expr: 'lower(u.name)', type: 'text' },
  email: { expr: 'lower(u.email)', type: 'text' },
  role: { expr: 'u.role', type: 'text' },
  status: { expr: 'u.status', type: 'text' },
  plan: { expr: 'u.plan', type: 'text' },
  joinDate: { expr: 'u.join_date', type: 'date' },
  lastLogin: { expr: 'u.last_login_at', type: 'timestamptz', nullable: true },
  createdAt: { expr: 'u.created_at', type: 'timestamptz' },
};
export const USER_SORT_FIELDS = Object.keys(USER_SORT_KEYS);

const COLUMNS = `u.id, u.name, u.email, u.role, u.status, u.plan, to_char(u.join_date, 'YYYY-MM-DD') AS join_date, u.last_login_at,
                 u.token_version, u.created_at, u.updated_at, u.language,
                 EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) AS has_access`;

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes users.repository.types.ts).
 * The grid's list is built at run time (filters, sort, keyset) from COLUMNS and stays hand-typed.
 */
export const userById = sql<IUserByIdQuery>`
  SELECT u.id, u.name, u.email, u.role, u.status, u.plan, to_char(u.join_date, 'YYYY-MM-DD') AS "join_date!", u.last_login_at,
         u.token_version, u.created_at, u.updated_at, u.language,
         EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) AS "has_access!"
    FROM users u WHERE u.id = $id!`;
const lockUserById = sql<ILockUserByIdQuery>`
  SELECT u.id, u.name, u.email, u.role, u.status, u.plan, to_char(u.join_date, 'YYYY-MM-DD') AS "join_date!", u.last_login_at,
         u.token_version, u.created_at, u.updated_at, u.language,
         EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) AS "has_access!"
    FROM users u WHERE u.id = $id! FOR UPDATE OF u`;
const userByEmail = sql<IUserByEmailQuery>`
  SELECT u.id, u.name, u.email, u.role, u.status, u.plan, to_char(u.join_date, 'YYYY-MM-DD') AS "join_date!", u.last_login_at,
         u.token_version, u.created_at, u.updated_at, u.language, u.password_hash,
         EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) AS "has_access!"
    FROM users u WHERE lower(u.email) = lower($email!)`;
const passwordHashOf = sql<IPasswordHashOfQuery>`SELECT password_hash FROM users WHERE id = $id!`;
const userLanguageById = sql<IUserLanguageByIdQuery>`SELECT language FROM users WHERE id = $id!`;
const userLanguageByEmail = sql<IUserLanguageByEmailQuery>`SELECT language FROM users WHERE lower(email) = lower($email!)`;
const nameAndEmail = sql<INameAndEmailQuery>`SELECT name, email FROM users WHERE id = $id!`;
const emailTaken = sql<IEmailTakenQuery>`SELECT 1 AS taken FROM users WHERE lower(email) = lower($email!) AND ($exceptId::uuid IS NULL OR id <> $exceptId::uuid)`;
const insertUser = sql<IInsertUserQuery>`
  INSERT INTO users (name, email, password_hash, role, status, plan, language)
  VALUES ($name!, $email!, $passwordHash!, $role!, $status!, $plan!, $language) RETURNING id`;
const updateUser = sql<IUpdateUserQuery>`
  UPDATE users SET name = $name!, email = $email!, role = $role!, status = $status!, plan = $plan!, updated_at = now(),
                   token_version = token_version + $sessionsEnded!
   WHERE id = $id!`;
const setPasswordHash = sql<ISetPasswordHashQuery>`UPDATE users SET password_hash = $hash!, token_version = token_version + 1, updated_at = now() WHERE id = $id!`;
const endAllSessions = sql<IEndAllSessionsQuery>`UPDATE users SET token_version = token_version + 1 WHERE id = $id!`;
const deleteUser = sql<IDeleteUserQuery>`DELETE FROM users WHERE id = $id!`;
const stampLogin = sql<IStampLoginQuery>`UPDATE users SET last_login_at = now() WHERE id = $id!`;
const countUsersFromCounters = sql<ICountUsersFromCountersQuery>`
  SELECT coalesce(sum(n), 0)::text AS "n!" FROM user_counts WHERE ($role::text IS NULL OR role = $role) AND ($status::text IS NULL OR status = $status)`;
const userSummary = sql<IUserSummaryQuery>`
  SELECT coalesce(sum(n), 0)::text AS "total!",
         coalesce(sum(n) FILTER (WHERE status = 'active'), 0)::text AS "active!",
         coalesce(sum(n) FILTER (WHERE role = 'admin'), 0)::text AS "admins!",
         coalesce(sum(n) FILTER (WHERE status <> 'active'), 0)::text AS "nonActive!"
    FROM user_counts`;

/** A user row as generated (text columns) with the values the schema's checks allow: its role, status, plan and language. */
const asUser = <T extends object>(row: T | undefined) =>
  row as (Omit<T, 'role' | 'status' | 'plan' | 'language'> & Pick<UserRow, 'role' | 'status' | 'plan' | 'language'>) | undefined;

/** A search text that is a whole email address: found through the unique lower(email) index instead of a fragment search. */
export const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserListPage {
  sort: { field: string; order: 'ASC' | 'DESC' };
  skip: number;
  take: number;
  after?: KeysetCursor;
}

export interface UserFilter {
  q?: string;
  role?: UserRole;
  status?: UserStatus;
  plan?: UserPlan;
  joinedFrom?: Date;
  joinedTo?: Date;
}

export interface NewUserRow {
  name: string;
  email: string;
  passwordHash: string;
  role: UserRole;
  status: UserStatus;
  plan: UserPlan;
  language?: Language | null;
}

export interface UserChanges {
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  plan: UserPlan;
  endSessions: boolean;
}

/** A unique-email violation from an insert or update, raised as this so the service can answer its field error. */
export class EmailTakenError extends Error {}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';
}

/** users: the accounts (with whether each has access, from entitlements). */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<UserRow | undefined> {
    return asUser(await typedOne(manager, userById, { id }));
  }

  /** The row locked for an update in the caller's transaction. */
  async lockById(manager: EntityManager, id: string): Promise<UserRow | undefined> {
    return asUser(await typedOne(manager, lockUserById, { id }));
  }

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<UserWithPassword | undefined> {
    return asUser(await typedOne(manager, userByEmail, { email: email.trim() }));
  }

  async passwordHashOf(id: string): Promise<string | null> {
    const row = await typedOne(this.dataSource.manager, passwordHashOf, { id });
    return row?.password_hash ?? null;
  }

  /** The language an account keeps (null: the site's; undefined: no such account). */
  async languageOf(manager: EntityManager, where: { id: string } | { email: string }): Promise<Language | null | undefined> {
    const row =
      'id' in where ? await typedOne(manager, userLanguageById, { id: where.id }) : await typedOne(manager, userLanguageByEmail, { email: where.email.trim() });
    return row ? asUser(row)!.language : undefined;
  }

  nameAndEmail(manager: EntityManager, id: string): Promise<{ name: string; email: string } | undefined> {
    return typedOne(manager, nameAndEmail, { id });
  }

  async emailTaken(email: string, exceptId?: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await typedRows(manager, emailTaken, { email: email.trim(), exceptId: exceptId ?? null });
    return rows.length > 0;
  }

  /** @throws EmailTakenError */
  async insert(manager: EntityManager, user: NewUserRow): Promise<string> {
    try {
      const row = await typedOne(manager, insertUser, {
        name: user.name,
        email: user.email,
        passwordHash: user.passwordHash,
        role: user.role,
        status: user.status,
        plan: user.plan,
        language: user.language ?? null,
      });
      return row!.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw new EmailTakenError();
      throw err;
    }
  }

  /** @throws EmailTakenError */
  async update(manager: EntityManager, id: string, next: UserChanges): Promise<void> {
    try {
      await typedExecute(manager, updateUser, {
        id,
        name: next.name,
        email: next.email,
        role: next.role,
        status: next.status,
        plan: next.plan,
        sessionsEnded: next.endSessions ? 1 : 0,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new EmailTakenError();
      throw err;
    }
  }

  /** A new password ends every session. */
  async setPasswordHash(manager: EntityManager, id: string, hash: string): Promise<void> {
    await typedExecute(manager, setPasswordHash, { id, hash });
  }

  async endAllSessions(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await typedExecute(manager, endAllSessions, { id });
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await typedExecute(manager, deleteUser, { id });
  }

  /** The sign-in stamp inside a transaction of its own caller (account creation signs the buyer in). */
  async stampLogin(manager: EntityManager, id: string): Promise<void> {
    await typedExecute(manager, stampLogin, { id });
  }

  /** The sign-in stamp, as the statement written with its event (TransactionRunner.statementWithEvent). */
  loginStamp(id: string): StatementBefore {
    return { sql: `UPDATE users SET last_login_at = now() WHERE id = $1`, params: [id] };
  }

  /**
   * One page of the admin grid, with its total. Search: a whole email is an
   * equality on lower(email) (the unique index); any other text is
   * `ILIKE '%text%'` on name or email, a BitmapOr of the two pg_trgm GIN
   * indexes when it has 3+ characters. Total: exact from user_counts when
   * only role and status filter; otherwise counted up to EXACT_COUNT_LIMIT,
   * estimated by the planner beyond.
   */
  async list(filter: UserFilter, ids: string[] | undefined, page: UserListPage): Promise<Page<UserRow>> {
    const source = this.source(filter, ids);
    const request = {
      select: COLUMNS,
      sort: USER_SORT_KEYS[page.sort.field],
      order: page.sort.order,
      skip: page.skip,
      take: page.take,
      after: page.after,
    };
    if (ids) {
      const { rows, next } = await listPage<UserRow>(this.dataSource.manager, source, request);
      return { rows, next, total: rows.length, estimated: false };
    }
    const countersOnly = !filter.q && !filter.plan && !filter.joinedFrom && !filter.joinedTo;
    return listWithTotal<UserRow>(this.dataSource.manager, source, request, {
      countLimit: EXACT_COUNT_LIMIT,
      exactTotal: countersOnly ? () => this.countFromCounters(filter) : undefined,
      rangeOffSortKey: Boolean(filter.joinedFrom || filter.joinedTo) && page.sort.field !== 'joinDate',
    });
  }

  /** The filtered, sorted users in batches, read through a cursor (the CSV export: constant memory at any size). */
  stream(filter: UserFilter, sort: { field: string; order: 'ASC' | 'DESC' }): AsyncGenerator<UserRow[]> {
    return streamList<UserRow>(this.dataSource, this.source(filter, undefined), COLUMNS, USER_SORT_KEYS[sort.field], sort.order);
  }

  private source(filter: UserFilter, ids: string[] | undefined): ListSource {
    const q = filter.q && !WHOLE_EMAIL.test(filter.q) ? likePattern(filter.q) : undefined;
    const email = filter.q && !q ? filter.q : undefined;
    const where = new WhereBuilder()
      .when(ids, 'u.id = ANY(?::uuid[])', ids)
      .when(q, '(u.name ILIKE ? OR u.email ILIKE ?)', q, q)
      .when(email, 'lower(u.email) = lower(?)', email)
      .when(filter.role, 'u.role = ?', filter.role)
      .when(filter.status, 'u.status = ?', filter.status)
      .when(filter.plan, 'u.plan = ?', filter.plan)
      .when(filter.joinedFrom, 'u.join_date >= ?', filter.joinedFrom)
      .when(filter.joinedTo, 'u.join_date <= ?', filter.joinedTo);
    return { from: 'users u', where, id: { expr: 'u.id', type: 'uuid' } };
  }

  /** Users of a role and/or status, from user_counts (exact, a handful of rows). */
  private async countFromCounters(filter: UserFilter): Promise<number> {
    const row = await typedOne(this.dataSource.manager, countUsersFromCounters, { role: filter.role ?? null, status: filter.status ?? null });
    return Number(row?.n ?? 0);
  }

  /** The stat cards, from user_counts (kept by triggers on users in the writing transaction): a handful of rows, never a scan of users. */
  async summary(): Promise<{ total: number; active: number; admins: number; nonActive: number }> {
    const row = await typedOne(this.dataSource.manager, userSummary, undefined);
    return { total: Number(row!.total), active: Number(row!.active), admins: Number(row!.admins), nonActive: Number(row!.nonActive) };
  }
}
