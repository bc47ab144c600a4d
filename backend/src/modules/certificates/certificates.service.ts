import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser } from '../../common/auth/auth-user';
import type { EventEnvelope } from '../../events/event-catalogue';
import { documentLanguageFor } from '../../common/pdf/document-language';
import { ProcessedEvents, type Consumed } from '../../events/processed-events.service';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { certificateMail, MailBrandService, MailService } from '../mail';
import { ianaZone, SettingsService } from '../settings';
import { AccessService, UsersService } from '../users';
import { CertificatesError } from './certificates.error';
import { certificatePdf } from './certificate-pdf';
import { CertificatesRepository, type CertificateRow } from './certificates.repository';
import type { AdminCertificate, CertificateList, CertificateVerification, MyCertificate } from './dto/certificates.dto';
import { SEND_CERTIFICATE_MAIL } from './jobs/consumers';

/** 128 random bits, URL-safe: an id nobody can guess or enumerate. */
const newId = () => randomBytes(16).toString('base64url');

const notFound = () => CertificatesError.notFound();

/**
 * Certificates of completion: issued by a worker when a learner completes a
 * course (one current certificate per learner and course, however often or
 * concurrently course.completed arrives), mailed with the PDF, verifiable by
 * anyone at /certificates/{id}; admins revoke or re-issue them (after a name
 * change), and a refund revokes the learner's certificates.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly certificates: CertificatesRepository,
    private readonly tx: TransactionRunner,
    private readonly brands: MailBrandService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    private readonly processed: ProcessedEvents,
    private readonly settings: SettingsService,
  ) {}

  /** Certificates' public pages, /certificates/{id} (PageMetaSource of the web shell). */
  readonly pagePrefix = '/certificates/';

  /** The link preview of a certificate's public page (PageMetaSource of the web shell). */
  async pageMeta(path: string): Promise<{ title: string; description: string; url: string } | null> {
    const id = /^\/certificates\/([\w-]{8,32})$/.exec(path)?.[1];
    const row = id ? await this.certificates.find(id) : undefined;
    if (!row) return null;
    const { publicUrl } = await this.brands.brand();
    const status = row.replaced_by ? ' (replaced by a newer certificate)' : row.revoked_at ? ' (revoked)' : '';
    return {
      title: `${row.learner_name} completed ${row.course_title} | ${row.site_name}`,
      description: `Certificate of completion issued by ${row.site_name} on ${new Date(row.completed_at).toISOString().slice(0, 10)}${status}.`,
      url: this.verifyUrl(publicUrl, row.id),
    };
  }

  verifyUrl(publicUrl: string, id: string): string {
    return `${publicUrl}/certificates/${id}`;
  }

  /** course.completed (jobs/certificate.consumers.ts): the certificate, once per learner and course. */
  async issueOnCompletion(event: EventEnvelope<'course.completed'>): Promise<{ issued: boolean }> {
    const p = event.payload;
    const brand = await this.brands.brand();
    return this.tx.run(async (tx) => {
      const row = await this.certificates.insertIfNone(tx.manager, {
        id: newId(),
        userId: p.userId,
        courseId: p.courseId,
        learnerName: (await this.certificates.userName(tx.manager, p.userId)) ?? p.userName,
        courseTitle: p.courseTitle,
        siteName: brand.siteName,
        completedAt: new Date(event.occurredAt),
      });
      if (!row) return { issued: false };
      await tx.emit(
        'certificate.issued',
        { type: 'certificate', id: row.id },
        { certificateId: row.id, userId: p.userId, userName: row.learner_name, courseId: p.courseId, courseTitle: p.courseTitle },
      );
      return { issued: true };
    });
  }

  /** certificate.issued (jobs/certificate.consumers.ts): the mail with the PDF, once. */
  async mailCertificate(event: EventEnvelope<'certificate.issued'>): Promise<Consumed<{ sent: boolean }>> {
    const row = await this.certificates.find(event.payload.certificateId);
    if (!row?.user_id || row.revoked_at) return { sent: false };
    const user = await this.users.findById(row.user_id);
    if (!user) return { sent: false };
    const brand = await this.brands.brandFor(user.language);
    const url = this.verifyUrl(brand.publicUrl, row.id);
    const pdf = await this.renderPdf(row, url);
    const outcome = await this.processed.once(SEND_CERTIFICATE_MAIL.name, event, (tx) =>
      this.mail.owe(tx, {
        ...certificateMail(brand, user.email, row.learner_name, row.course_title, url),
        dedupeKey: `certificate-${row.id}`,
        attachments: [{ filename: `certificate-${row.id}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      }),
    );
    return { sent: outcome.applied, settled: outcome.settled };
  }

  /** A refund that ends the learner's access revokes their certificates. */
  async revokeOnRefund(event: EventEnvelope<'payment.refunded'>): Promise<{ revoked: number }> {
    const userId = event.payload.userId;
    if (!userId || (await this.access.hasAccess(userId))) return { revoked: 0 };
    return this.tx.run(async (tx) => {
      const rows = await this.certificates.activeOfUser(tx.manager, userId);
      for (const row of rows) await this.certificates.revoke(tx.manager, row.id, 'Refunded');
      return { revoked: rows.length };
    });
  }

  async mine(user: Pick<AuthUser, 'id'>): Promise<MyCertificate[]> {
    const { publicUrl } = await this.brands.brand();
    return (await this.certificates.ofUser(user.id)).map((c) => ({
      id: c.id,
      courseId: c.course_id,
      courseTitle: c.course_title,
      siteName: c.site_name,
      learnerName: c.learner_name,
      completedAt: new Date(c.completed_at).toISOString(),
      issuedAt: new Date(c.issued_at).toISOString(),
      revoked: c.revoked_at !== null,
      verifyUrl: this.verifyUrl(publicUrl, c.id),
      pdfUrl: `/api/certificates/${c.id}/pdf`,
    }));
  }

  /** The PDF, for its learner or an administrator. */
  async pdf(id: string, user: Pick<AuthUser, 'id' | 'role' | 'kind'>): Promise<{ filename: string; content: Buffer }> {
    const row = await this.certificates.find(id);
    if (!row || (!hasAdminPower(user) && row.user_id !== user.id)) throw notFound();
    const { publicUrl } = await this.brands.brand();
    return { filename: `certificate-${row.id}.pdf`, content: await this.renderPdf(row, this.verifyUrl(publicUrl, row.id)) };
  }

  /** The PDF in the learner's language (documentLanguageFor) and the site's time zone. */
  private async renderPdf(row: CertificateRow, url: string): Promise<Buffer> {
    const [general, user] = await Promise.all([this.settings.get('general'), row.user_id ? this.users.findById(row.user_id) : null]);
    return certificatePdf(row, url, {
      language: documentLanguageFor(user as { language?: string | null } | null, general.language),
      timeZone: ianaZone(general.timezone),
    });
  }

  /** What anyone may see of a certificate: the name, course, date, site and whether it is valid. */
  async verify(id: string): Promise<CertificateVerification> {
    const row = /^[\w-]{8,32}$/.test(id) ? await this.certificates.find(id) : undefined;
    if (!row) throw notFound();
    const { publicUrl } = await this.brands.brand();
    return {
      id: row.id,
      learnerName: row.learner_name,
      courseTitle: row.course_title,
      siteName: row.site_name,
      completedAt: new Date(row.completed_at).toISOString(),
      issuedAt: new Date(row.issued_at).toISOString(),
      status: row.replaced_by ? 'replaced' : row.revoked_at ? 'revoked' : 'valid',
      revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
      replacedBy: row.replaced_by,
      verifyUrl: this.verifyUrl(publicUrl, row.id),
    };
  }

  async list(q: string | undefined, skip: number, take: number): Promise<CertificateList> {
    const rows = await this.certificates.list(q?.trim() || null, take, skip);
    return { total: rows[0]?.total ?? 0, items: rows.map(adminView) };
  }

  async revoke(id: string, reason: string, actor: AuthUser): Promise<AdminCertificate> {
    return this.tx.run(async (tx) => {
      const row = await this.certificates.lock(tx.manager, id);
      if (!row || row.replaced_by) throw notFound();
      if (!row.revoked_at) {
        await this.certificates.revoke(tx.manager, id, reason);
        await this.audit.record(tx.manager, {
          actor,
          action: 'revoke-certificate',
          resource: 'certificates',
          resourceId: id,
          summary: `Revoked the certificate of ${row.learner_name} for "${row.course_title}"`,
        });
      }
      return adminView((await this.certificates.find(id, tx.manager))!);
    });
  }

  /** A new certificate with the learner's name as it is now, replacing this one (which then verifies as replaced). */
  async reissue(id: string, actor: AuthUser): Promise<AdminCertificate> {
    return this.tx.run(async (tx) => {
      const row = await this.certificates.lock(tx.manager, id);
      if (!row || row.replaced_by || !row.user_id) throw notFound();
      const name = (await this.certificates.userName(tx.manager, row.user_id)) ?? row.learner_name;
      const next = await this.certificates.replace(tx.manager, row, newId(), name);
      await this.audit.record(tx.manager, {
        actor,
        action: 'reissue-certificate',
        resource: 'certificates',
        resourceId: next.id,
        summary: `Re-issued the certificate of ${name} for "${row.course_title}" (replaces ${row.id})`,
      });
      return adminView(next);
    });
  }
}

function adminView(c: CertificateRow): AdminCertificate {
  return {
    id: c.id,
    userId: c.user_id,
    courseId: c.course_id,
    learnerName: c.learner_name,
    courseTitle: c.course_title,
    completedAt: new Date(c.completed_at).toISOString(),
    issuedAt: new Date(c.issued_at).toISOString(),
    revokedAt: c.revoked_at ? new Date(c.revoked_at).toISOString() : null,
    revokedReason: c.revoked_reason,
  };
}
