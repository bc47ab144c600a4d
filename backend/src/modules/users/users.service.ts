import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { AuditService, diff } from '../audit/audit.service';
import { AccessService } from './access.service';
import type { UserInputDto, UserPatchDto } from './dto/user.dto';
import type { UserPlan, UserRole, UserStatus } from './entities/user.entity';
import { hashPassword } from './password-hasher';
import { normaliseEmail, passwordProblem } from './password-policy';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  plan: UserPlan;
  join_date: string;
  last_login_at: Date | null;
  token_version: number;
  created_at: Date;
  updated_at: Date;
  has_access?: boolean;
}

export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  plan: UserPlan;
  joinDate: string;
  lastLogin: string;
  lastLoginAt: string | null;
  hasAccess: boolean;
  coursesCompleted: number;
  createdAt: string;
  updatedAt: string;
}

export const DUPLICATE_EMAIL = 'A user with this email already exists';

const SORT_COLUMNS: Record<string, string> = {
  id: 'u.id',
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  role: 'u.role',
  status: 'u.status',
  plan: 'u.plan',
  joinDate: 'u.join_date',
  lastLogin: 'u.last_login_at',
  createdAt: 'u.created_at',
};
export const USER_SORT_FIELDS = Object.keys(SORT_COLUMNS);

const SELECT = `SELECT u.id, u.name, u.email, u.role, u.status, u.plan, to_char(u.join_date, 'YYYY-MM-DD') AS join_date, u.last_login_at,
                       u.token_version, u.created_at, u.updated_at,
                       EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL) AS has_access
                  FROM users u`;

function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role?: UserRole;
  status?: UserStatus;
  plan?: UserPlan;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly access: AccessService,
    private readonly audit: AuditService,
  ) {}

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<UserRow | null> {
    const rows: UserRow[] = await manager.query(`${SELECT} WHERE u.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<(UserRow & { password_hash: string }) | null> {
    const rows = await manager.query(`SELECT u.*, to_char(u.join_date, 'YYYY-MM-DD') AS join_date FROM users u WHERE lower(u.email) = lower($1)`, [email.trim()]);
    return rows[0] ?? null;
  }

  async passwordHashOf(id: string): Promise<string | null> {
    const rows: Array<{ password_hash: string }> = await this.dataSource.query('SELECT password_hash FROM users WHERE id = $1', [id]);
    return rows[0]?.password_hash ?? null;
  }

  /** Inserts a user in the caller's transaction; a taken email is the spec's field error. */
  async insert(manager: EntityManager, user: NewUser): Promise<UserRow> {
    const problem = passwordProblem(user.password);
    if (problem) throw ApiError.field('password', problem);
    const hash = await hashPassword(user.password);
    try {
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO users (name, email, password_hash, role, status, plan) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [user.name.trim(), normaliseEmail(user.email), hash, user.role ?? 'student', user.status ?? 'active', user.plan ?? 'free'],
      );
      return (await this.findById(rows[0].id, manager))!;
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
      throw err;
    }
  }

  async setPassword(manager: EntityManager, userId: string, password: string): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw ApiError.field('password', problem);
    await manager.query(`UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1`, [userId, await hashPassword(password)]);
  }

  /** Ends every session of the user at once. */
  async endAllSessions(userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [userId]);
  }

  /** Stamps the sign-in and records `user.logged_in`, in one statement (one round trip on the sign-in hot path). */
  async recordLogin(user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): Promise<void> {
    await this.tx.statementWithEvent(`UPDATE users SET last_login_at = now() WHERE id = $1`, [user.id], 'user.logged_in', { type: 'user', id: user.id }, {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
    });
  }

  async list(query: ListQuery): Promise<{ rows: UserRow[]; total: number }> {
    const f = query.filter;
    const where = new WhereBuilder()
      .when(query.ids, 'u.id = ANY(?::uuid[])', query.ids)
      .when(f.q, '(u.name ILIKE ? OR u.email ILIKE ?)', ...Array(2).fill(f.q && likePattern(f.q as string)))
      .when(f.role, 'u.role = ?', f.role)
      .when(f.status, 'u.status = ?', f.status)
      .when(f.plan, 'u.plan = ?', f.plan)
      .when(f.joinedFrom, 'u.join_date >= ?', f.joinedFrom)
      .when(f.joinedTo, 'u.join_date <= ?', f.joinedTo);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM users u ${where.sql}`, where.params);
    const rows: UserRow[] = await this.dataSource.query(
      `${SELECT} ${where.sql} ORDER BY ${SORT_COLUMNS[query.sort.field]} ${query.sort.order} NULLS LAST, u.id OFFSET ${query.skip} LIMIT ${query.take}`,
      where.params,
    );
    return { rows, total };
  }

  async summary(): Promise<{ total: number; active: number; admins: number; nonActive: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'active')::int AS active,
              count(*) FILTER (WHERE role = 'admin')::int AS admins,
              count(*) FILTER (WHERE status <> 'active')::int AS "nonActive"
         FROM users`,
    );
    return row;
  }

  /** Admin create. Without a password the new user is invited to set one (the caller sends the email). */
  async adminCreate(input: UserInputDto, actor: AuthUser, invite: (tx: Tx, user: UserRow) => Promise<void>): Promise<UserRow> {
    if (input.password !== undefined && input.password !== '') {
      const problem = passwordProblem(input.password);
      if (problem) throw ApiError.field('password', problem);
    }
    await this.assertEmailFree(input.email);
    return this.tx.run(async (tx) => {
      const invited = !input.password;
      const user = await this.insert(tx.manager, {
        name: input.name,
        email: input.email,
        password: invited ? `${randomBytes(24).toString('base64url')}Aa1!` : input.password!,
        role: input.role,
        status: input.status,
        plan: input.plan,
      });
      if (user.plan !== 'free') await this.access.applyAdminPlan(tx.manager, user);
      await this.audit.record(tx.manager, {
        actor,
        action: 'create',
        resource: 'users',
        resourceId: user.id,
        summary: `Created user ${user.email}`,
        after: snapshot(user),
      });
      await tx.emit('user.created', { type: 'user', id: user.id }, { userId: user.id, email: user.email, name: user.name, role: user.role, actorId: actor.id });
      if (invited) await invite(tx, user);
      return (await this.findById(user.id, tx.manager))!;
    });
  }

  async adminUpdate(id: string, patch: UserPatchDto, actor: AuthUser): Promise<UserRow> {
    if (patch.password) {
      const problem = passwordProblem(patch.password);
      if (problem) throw ApiError.field('password', problem);
    }
    return this.tx.run(async (tx) => {
      const rows: UserRow[] = await tx.manager.query(`${SELECT} WHERE u.id = $1 FOR UPDATE OF u`, [id]);
      const before = rows[0];
      if (!before) throw ApiError.notFound('User not found');
      const next = {
        name: patch.name ?? before.name,
        email: patch.email !== undefined ? normaliseEmail(patch.email) : before.email,
        role: patch.role ?? before.role,
        status: patch.status ?? before.status,
        plan: patch.plan ?? before.plan,
      };
      if (actor.id === id && next.role !== 'admin') throw ApiError.field('role', 'You cannot remove your own admin role');
      if (actor.id === id && next.status !== 'active') throw ApiError.field('status', 'You cannot deactivate your own account');
      if (next.email !== before.email) await this.assertEmailFree(next.email, id, tx.manager);

      const endSessions = next.status !== before.status || next.role !== before.role || next.email !== before.email;
      try {
        await tx.manager.query(
          `UPDATE users SET name = $2, email = $3, role = $4, status = $5, plan = $6, updated_at = now(),
                  token_version = token_version + $7 WHERE id = $1`,
          [id, next.name, next.email, next.role, next.status, next.plan, endSessions ? 1 : 0],
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw ApiError.conflict(DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
        throw err;
      }
      if (patch.password) await this.setPassword(tx.manager, id, patch.password);
      if (next.plan !== before.plan) await this.access.applyAdminPlan(tx.manager, { id, email: next.email, plan: next.plan });

      const after = (await this.findById(id, tx.manager))!;
      const changes = diff(snapshot(before), snapshot(after));
      const changed = Object.keys(changes.after).concat(patch.password ? ['password'] : []);
      if (changed.length > 0) {
        await this.audit.record(tx.manager, {
          actor,
          action: 'update',
          resource: 'users',
          resourceId: id,
          summary: `Updated user ${after.email}: ${changed.join(', ')}`,
          before: changes.before,
          after: { ...changes.after, ...(patch.password ? { password: '[changed]' } : {}) },
        });
        await tx.emit('user.updated', { type: 'user', id }, { userId: id, email: after.email, name: after.name, changed, actorId: actor.id });
      }
      return after;
    });
  }

  async adminDelete(id: string, actor: AuthUser): Promise<UserRow> {
    if (actor.id === id) throw ApiError.badRequest('You cannot delete your own account');
    return this.tx.run(async (tx) => {
      const before = await this.findById(id, tx.manager);
      if (!before) throw ApiError.notFound('User not found');
      await tx.manager.query('DELETE FROM users WHERE id = $1', [id]);
      await this.audit.record(tx.manager, { actor, action: 'delete', resource: 'users', resourceId: id, summary: `Deleted user ${before.email}`, before: snapshot(before) });
      await tx.emit('user.deleted', { type: 'user', id }, { userId: id, email: before.email, name: before.name, actorId: actor.id });
      return before;
    });
  }

  async adminSignOutEverywhere(id: string, actor: AuthUser): Promise<void> {
    await this.tx.run(async (tx) => {
      const user = await this.findById(id, tx.manager);
      if (!user) throw ApiError.notFound('User not found');
      await this.endAllSessions(id, tx.manager);
      await this.audit.record(tx.manager, { actor, action: 'sign-out', resource: 'users', resourceId: id, summary: `Signed ${user.email} out everywhere` });
    });
  }

  private async assertEmailFree(email: string, exceptId?: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)`, [
      email.trim(),
      exceptId ?? null,
    ]);
    if (rows.length > 0) throw ApiError.conflict(DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }
}

function snapshot(u: UserRow): Record<string, unknown> {
  return { name: u.name, email: u.email, role: u.role, status: u.status, plan: u.plan };
}

export function toAdminView(u: UserRow, coursesCompleted: number): AdminUserView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    status: u.status,
    plan: u.plan,
    joinDate: u.join_date,
    lastLogin: u.last_login_at ? new Date(u.last_login_at).toISOString() : 'Never',
    lastLoginAt: u.last_login_at ? new Date(u.last_login_at).toISOString() : null,
    hasAccess: Boolean(u.has_access),
    coursesCompleted,
    createdAt: new Date(u.created_at).toISOString(),
    updatedAt: new Date(u.updated_at).toISOString(),
  };
}
