import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

export interface CertificateRow {
  id: string;
  user_id: string | null;
  course_id: number;
  learner_name: string;
  course_title: string;
  site_name: string;
  completed_at: Date;
  issued_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  replaced_by: string | null;
}

export interface NewCertificate {
  id: string;
  userId: string;
  courseId: number;
  learnerName: string;
  courseTitle: string;
  siteName: string;
  completedAt: Date;
}

const COLUMNS = 'id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by';

/** certificates: at most one current certificate (not replaced) per learner and course, enforced by a partial unique index. */
@Injectable()
export class CertificatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the learner's certificate for the course unless they have one already (concurrent callers: exactly one inserts). */
  async insertIfNone(manager: EntityManager, c: NewCertificate): Promise<CertificateRow | undefined> {
    return queryOne<CertificateRow>(
      manager,
      `INSERT INTO certificates (id, user_id, course_id, learner_name, course_title, site_name, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id, course_id) WHERE replaced_by IS NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [c.id, c.userId, c.courseId, c.learnerName, c.courseTitle, c.siteName, c.completedAt],
    );
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<CertificateRow | undefined> {
    return queryOne<CertificateRow>(manager, `SELECT ${COLUMNS} FROM certificates WHERE id = $1`, [id]);
  }

  async lock(manager: EntityManager, id: string): Promise<CertificateRow | undefined> {
    return queryOne<CertificateRow>(manager, `SELECT ${COLUMNS} FROM certificates WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** The learner's current certificates, newest first. */
  ofUser(userId: string): Promise<CertificateRow[]> {
    return queryRows<CertificateRow>(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM certificates WHERE user_id = $1 AND replaced_by IS NULL ORDER BY issued_at DESC, id DESC`,
      [userId],
    );
  }

  /** The console's list: current certificates, newest first, optionally matching a learner or course text. */
  list(q: string | null, limit: number, offset: number): Promise<Array<CertificateRow & { total: number }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM certificates
        WHERE replaced_by IS NULL AND ($1::text IS NULL OR learner_name ILIKE $1 OR course_title ILIKE $1 OR id = $2)
        ORDER BY issued_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [q === null ? null : `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`, q ?? '', limit, offset],
    );
  }

  async revoke(manager: EntityManager, id: string, reason: string): Promise<void> {
    await execute(manager, `UPDATE certificates SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [id, reason]);
  }

  /** The current certificates of a learner not revoked yet, locked (a refund revokes them). */
  activeOfUser(manager: EntityManager, userId: string): Promise<CertificateRow[]> {
    return queryRows<CertificateRow>(
      manager,
      `SELECT ${COLUMNS} FROM certificates WHERE user_id = $1 AND replaced_by IS NULL AND revoked_at IS NULL FOR UPDATE`,
      [userId],
    );
  }

  /** A re-issue: the new certificate (the learner's name now) replaces the old one, which stays verifiable as replaced. */
  async replace(manager: EntityManager, old: CertificateRow, newId: string, learnerName: string): Promise<CertificateRow> {
    await execute(manager, `UPDATE certificates SET replaced_by = $2 WHERE id = $1`, [old.id, newId]);
    return (await queryOne<CertificateRow>(
      manager,
      `INSERT INTO certificates (id, user_id, course_id, learner_name, course_title, site_name, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [newId, old.user_id, old.course_id, learnerName, old.course_title, old.site_name, old.completed_at],
    ))!;
  }

  async userName(manager: EntityManager, userId: string): Promise<string | undefined> {
    return (await queryOne<{ name: string }>(manager, `SELECT name FROM users WHERE id = $1`, [userId]))?.name;
  }
}
