import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IActiveCertificatesOfUserQuery,
  ICertificateByIdQuery,
  ICertificateByIdResult,
  ICertificatesOfUserQuery,
  IInsertCertificateIfNoneQuery,
  IInsertReplacementCertificateQuery,
  IListCertificatesQuery,
  ILockCertificateQuery,
  IMarkCertificateReplacedQuery,
  IRevokeCertificateQuery,
  IUserNameQuery,
} from './certificates.repository.types';

/** A certificates row as its statements read it (generated from the schema). */
export type CertificateRow = ICertificateByIdResult;

export interface NewCertificate {
  id: string;
  userId: string;
  courseId: number;
  learnerName: string;
  courseTitle: string;
  siteName: string;
  completedAt: Date;
}

/* Typed against the schema by pgtyped (npm run db:types writes certificates.repository.types.ts); each repeats the certificate's columns. */
const insertCertificateIfNone = sql<IInsertCertificateIfNoneQuery>`
  INSERT INTO certificates (id, user_id, course_id, learner_name, course_title, site_name, completed_at)
  VALUES ($id!, $userId!, $courseId!, $learnerName!, $courseTitle!, $siteName!, $completedAt!)
  ON CONFLICT (user_id, course_id) WHERE replaced_by IS NULL DO NOTHING
  RETURNING id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by`;
const certificateById = sql<ICertificateByIdQuery>`
  SELECT id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by
    FROM certificates WHERE id = $id!`;
const lockCertificate = sql<ILockCertificateQuery>`
  SELECT id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by
    FROM certificates WHERE id = $id! FOR UPDATE`;
const certificatesOfUser = sql<ICertificatesOfUserQuery>`
  SELECT id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by
    FROM certificates WHERE user_id = $userId! AND replaced_by IS NULL ORDER BY issued_at DESC, id DESC`;
const listCertificates = sql<IListCertificatesQuery>`
  SELECT id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by,
         count(*) OVER ()::int AS "total!"
    FROM certificates
   WHERE replaced_by IS NULL AND ($pattern::text IS NULL OR learner_name ILIKE $pattern OR course_title ILIKE $pattern OR id = $id!)
   ORDER BY issued_at DESC, id DESC LIMIT $limit! OFFSET $offset!`;
const revokeCertificate = sql<IRevokeCertificateQuery>`
  UPDATE certificates SET revoked_at = now(), revoked_reason = $reason! WHERE id = $id! AND revoked_at IS NULL`;
const activeCertificatesOfUser = sql<IActiveCertificatesOfUserQuery>`
  SELECT id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by
    FROM certificates WHERE user_id = $userId! AND replaced_by IS NULL AND revoked_at IS NULL FOR UPDATE`;
const markCertificateReplaced = sql<IMarkCertificateReplacedQuery>`UPDATE certificates SET replaced_by = $replacedBy! WHERE id = $id!`;
const insertReplacementCertificate = sql<IInsertReplacementCertificateQuery>`
  INSERT INTO certificates (id, user_id, course_id, learner_name, course_title, site_name, completed_at)
  VALUES ($id!, $userId, $courseId!, $learnerName!, $courseTitle!, $siteName!, $completedAt!)
  RETURNING id, user_id, course_id, learner_name, course_title, site_name, completed_at, issued_at, revoked_at, revoked_reason, replaced_by`;
const userName = sql<IUserNameQuery>`SELECT name FROM users WHERE id = $id!`;

/** certificates: at most one current certificate (not replaced) per learner and course, enforced by a partial unique index. */
@Injectable()
export class CertificatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the learner's certificate for the course unless they have one already (concurrent callers: exactly one inserts). */
  async insertIfNone(manager: EntityManager, c: NewCertificate): Promise<CertificateRow | undefined> {
    return typedOne(manager, insertCertificateIfNone, c);
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<CertificateRow | undefined> {
    return typedOne(manager, certificateById, { id });
  }

  async lock(manager: EntityManager, id: string): Promise<CertificateRow | undefined> {
    return typedOne(manager, lockCertificate, { id });
  }

  /** The learner's current certificates, newest first. */
  ofUser(userId: string): Promise<CertificateRow[]> {
    return typedRows(this.dataSource.manager, certificatesOfUser, { userId });
  }

  /** The console's list: current certificates, newest first, optionally matching a learner or course text. */
  list(q: string | null, limit: number, offset: number): Promise<Array<CertificateRow & { total: number }>> {
    return typedRows(this.dataSource.manager, listCertificates, {
      pattern: q === null ? null : `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`,
      id: q ?? '',
      limit,
      offset,
    });
  }

  async revoke(manager: EntityManager, id: string, reason: string): Promise<void> {
    await typedExecute(manager, revokeCertificate, { id, reason });
  }

  /** The current certificates of a learner not revoked yet, locked (a refund revokes them). */
  activeOfUser(manager: EntityManager, userId: string): Promise<CertificateRow[]> {
    return typedRows(manager, activeCertificatesOfUser, { userId });
  }

  /** A re-issue: the new certificate (the learner's name now) replaces the old one, which stays verifiable as replaced. */
  async replace(manager: EntityManager, old: CertificateRow, newId: string, learnerName: string): Promise<CertificateRow> {
    await typedExecute(manager, markCertificateReplaced, { id: old.id, replacedBy: newId });
    return (await typedOne(manager, insertReplacementCertificate, {
      id: newId,
      userId: old.user_id,
      courseId: old.course_id,
      learnerName,
      courseTitle: old.course_title,
      siteName: old.site_name,
      completedAt: old.completed_at,
    }))!;
  }

  async userName(manager: EntityManager, userId: string): Promise<string | undefined> {
    return (await typedOne(manager, userName, { id: userId }))?.name;
  }
}
