import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

export interface SupportMessageRow {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: 'new' | 'read';
  created_at: Date;
}

export interface SupportMessageFilter {
  status?: 'new' | 'read';
  q?: string;
}

const SORT: Record<string, string> = { createdAt: 'created_at', status: 'status', email: 'lower(email)' };
export const SUPPORT_SORT_FIELDS = Object.keys(SORT);

/** support_messages: what signed-in learners wrote through the contact form. */
@Injectable()
export class SupportMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(manager: EntityManager, m: { userId: string; name: string; email: string; subject: string; message: string }): Promise<SupportMessageRow> {
    return queryOne<SupportMessageRow>(
      manager,
      `INSERT INTO support_messages (user_id, name, email, subject, message) VALUES ($1, $2, $3, $4, $5) RETURNING id::text, user_id, name, email, subject, message, status, created_at`,
      [m.userId, m.name, m.email, m.subject, m.message],
    ) as Promise<SupportMessageRow>;
  }

  find(id: number): Promise<SupportMessageRow | undefined> {
    return queryOne<SupportMessageRow>(
      this.dataSource.manager,
      `SELECT id::text, user_id, name, email, subject, message, status, created_at FROM support_messages WHERE id = $1`,
      [id],
    );
  }

  async setStatus(id: number, status: 'new' | 'read'): Promise<boolean> {
    return (await execute(this.dataSource.manager, `UPDATE support_messages SET status = $2 WHERE id = $1`, [id, status])) > 0;
  }

  async list(filter: SupportMessageFilter, page: Pick<ListQuery, 'sort' | 'skip' | 'take'>): Promise<{ rows: SupportMessageRow[]; total: number }> {
    const q = filter.q ? likePattern(filter.q) : undefined;
    const where = new WhereBuilder().when(filter.status, 'status = ?', filter.status).when(q, '(email ILIKE ? OR subject ILIKE ? OR name ILIKE ?)', q, q, q);
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM support_messages ${where.sql}`, where.params);
    const rows = await queryRows<SupportMessageRow>(
      this.dataSource.manager,
      `SELECT id::text, user_id, name, email, subject, message, status, created_at FROM support_messages ${where.sql}
        ORDER BY ${SORT[page.sort.field]} ${page.sort.order}, id DESC OFFSET ${page.skip} LIMIT ${page.take}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  /** A deleted account's messages keep their text for the support history, without its name and email. */
  async anonymiseAuthor(manager: EntityManager, userId: string, replacement: string): Promise<void> {
    await execute(manager, `UPDATE support_messages SET name = 'Deleted user', email = $2 WHERE user_id = $1`, [userId, replacement]);
  }
}
