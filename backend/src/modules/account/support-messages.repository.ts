import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { sql } from '@pgtyped/runtime';
import { queryOne, queryRows, typedExecute, typedOne } from '../../database/sql.repository';
import type {
  IAnonymiseSupportAuthorQuery,
  IInsertSupportMessageQuery,
  ISetSupportMessageStatusQuery,
  ISupportMessageByIdQuery,
  ISupportMessageByIdResult,
} from './support-messages.repository.types';

/** A support message as generated from the schema (support-messages.repository.types.ts, `npm run db:types`), its status narrowed to the values the schema's check allows. */
export type SupportMessageRow = Omit<ISupportMessageByIdResult, 'status'> & { status: 'new' | 'read' };

export interface SupportMessageFilter {
  status?: 'new' | 'read';
  q?: string;
}

const SORT: Record<string, string> = { createdAt: 'created_at', status: 'status', email: 'lower(email)' };
export const SUPPORT_SORT_FIELDS = Object.keys(SORT);

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes support-messages.repository.types.ts).
 * The admin list is built at run time (filters, sort, page) and stays hand-typed.
 */
const insertSupportMessage = sql<IInsertSupportMessageQuery>`
  INSERT INTO support_messages (user_id, name, email, subject, message) VALUES ($userId!, $name!, $email!, $subject!, $message!)
  RETURNING id::text AS "id!", user_id, name, email, subject, message, status, created_at`;
const supportMessageById = sql<ISupportMessageByIdQuery>`
  SELECT id::text AS "id!", user_id, name, email, subject, message, status, created_at FROM support_messages WHERE id = $id!`;
const setSupportMessageStatus = sql<ISetSupportMessageStatusQuery>`UPDATE support_messages SET status = $status! WHERE id = $id!`;
const anonymiseSupportAuthor = sql<IAnonymiseSupportAuthorQuery>`UPDATE support_messages SET name = 'Deleted user', email = $replacement! WHERE user_id = $userId!`;

/** A support message as generated (status as text) with the statuses the schema's check allows. */
const asMessage = <T extends { status: string }>(row: T | undefined) => row as (Omit<T, 'status'> & Pick<SupportMessageRow, 'status'>) | undefined;

/** support_messages: what signed-in learners wrote through the contact form. */
@Injectable()
export class SupportMessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, m: { userId: string; name: string; email: string; subject: string; message: string }): Promise<SupportMessageRow> {
    return asMessage(await typedOne(manager, insertSupportMessage, m))!;
  }

  async find(id: number): Promise<SupportMessageRow | undefined> {
    return asMessage(await typedOne(this.dataSource.manager, supportMessageById, { id }));
  }

  async setStatus(id: number, status: 'new' | 'read'): Promise<boolean> {
    return (await typedExecute(this.dataSource.manager, setSupportMessageStatus, { id, status })) > 0;
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
    await typedExecute(manager, anonymiseSupportAuthor, { userId, replacement });
  }
}
