import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '../../src/events/event-catalogue';
import { CertificatesService } from '../../src/modules/certificates/certificates.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { binary } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('certificates of completion', () => {
  let app: TestApp;
  let admin: string;

  const as = (method: 'get' | 'post', path: string, bearer: string) => app.http[method](path).set('authorization', `Bearer ${bearer}`);

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('issues one certificate per learner and course under concurrent and redelivered completion events', async () => {
    const course = await createCourse(app.db, { lessons: [{}] });
    const learner = await createUser(app.db);
    const service = app.api.get(CertificatesService);
    const completion = (id: string): EventEnvelope<'course.completed'> => ({
      id,
      type: 'course.completed',
      occurredAt: new Date().toISOString(),
      aggregateType: 'course',
      aggregateId: String(course.id),
      payload: { userId: learner.id, userName: learner.name, courseId: course.id, courseTitle: course.title },
    });
    // Ten different events and the same event five times, all at once.
    const same = completion(randomUUID());
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => service.issueOnCompletion(completion(randomUUID()))),
      ...Array.from({ length: 5 }, () => service.issueOnCompletion(same)),
    ]);
    expect(results.filter((r) => r.issued)).toHaveLength(1);
    const rows = await app.db.query(`SELECT id FROM certificates WHERE user_id = $1 AND course_id = $2`, [learner.id, course.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^[\w-]{22}$/);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'certificate.issued' AND payload->>'userId' = $1`, [
      learner.id,
    ]);
    expect(n).toBe(1);
  });

  it('completing a course issues the certificate through the worker: mailed with the PDF, downloadable, verifiable by anyone, revoked and re-issued by an admin', async () => {
    await app.startWorker();
    try {
      const course = await createCourse(app.db, { title: 'Verified Skills', lessons: [{}, {}] });
      const learner = await createUser(app.db, { name: 'Ada Lovelace' });
      const token = await login(app, learner);
      for (const lessonId of course.lessonIds) await as('post', `/api/courses/${course.id}/lessons/${lessonId}/complete`, token).send({}).expect(200);

      const mine = await eventually(
        async () => {
          const res = await as('get', '/api/certificates', token).expect(200);
          return res.body.certificates.length > 0 ? res.body.certificates : null;
        },
        { what: 'certificate issued by the worker' },
      );
      expect(mine).toEqual([expect.objectContaining({ courseId: course.id, courseTitle: 'Verified Skills', learnerName: 'Ada Lovelace', revoked: false })]);
      const id: string = mine[0].id;
      expect(mine[0].verifyUrl).toMatch(new RegExp(`/certificates/${id}$`));

      const mail = await waitForMail(app, learner.email, 'certificate');
      expect(mail.subject).toBe('Your certificate: Verified Skills');
      expect(mail.text).toContain(`/certificates/${id}`);

      const pdf = await binary(as('get', `/api/certificates/${id}/pdf`, token)).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf.body as Buffer);
      for (const part of ['Certificate of Completion', 'Ada Lovelace', 'Verified Skills', id]) expect(text).toContain(part);
      // Another learner cannot download it; nobody signed out can.
      const other = await login(app, await createUser(app.db));
      await as('get', `/api/certificates/${id}/pdf`, other).expect(404);
      await app.http.get(`/api/certificates/${id}/pdf`).expect(401);

      // Anyone verifies it, signed out.
      const valid = await app.http.get(`/api/public/certificates/${id}`).expect(200);
      expect(valid.body).toMatchObject({ id, learnerName: 'Ada Lovelace', courseTitle: 'Verified Skills', status: 'valid', revokedAt: null });
      await app.http.get(`/api/public/certificates/unknown-certificate-id`).expect(404);

      // The console lists it; a name change and a re-issue replace it; a revoke shows on the public page.
      const list = await as('get', `/api/admin/certificates?filter=${encodeURIComponent(JSON.stringify({ q: 'Ada Lovelace' }))}`, admin).expect(200);
      expect(list.body.map((c: { id: string }) => c.id)).toContain(id);
      await as('get', '/api/admin/certificates', token).expect(403);
      await app.db.query(`UPDATE users SET name = 'Ada King' WHERE id = $1`, [learner.id]);
      const reissued = await as('post', `/api/admin/certificates/${id}/reissue`, admin).expect(200);
      expect(reissued.body).toMatchObject({ learnerName: 'Ada King', revokedAt: null });
      expect((await app.http.get(`/api/public/certificates/${id}`).expect(200)).body).toMatchObject({ status: 'replaced', replacedBy: reissued.body.id });
      const revoked = await as('post', `/api/admin/certificates/${reissued.body.id}/revoke`, admin).send({ reason: 'Plagiarism' }).expect(200);
      expect(revoked.body).toMatchObject({ revokedReason: 'Plagiarism' });
      expect((await app.http.get(`/api/public/certificates/${reissued.body.id}`).expect(200)).body).toMatchObject({ status: 'revoked' });
      const [audit] = await app.db.query(
        `SELECT action FROM audit_log WHERE resource = 'certificates' AND resource_id = $1 AND action = 'revoke-certificate'`,
        [reissued.body.id],
      );
      expect(audit).toBeDefined();
    } finally {
      await app.stopWorker();
    }
  });

  it('a refund that ends the access revokes the learner certificates', async () => {
    const course = await createCourse(app.db, { lessons: [{}] });
    const learner = await createUser(app.db);
    const service = app.api.get(CertificatesService);
    await service.issueOnCompletion({
      id: randomUUID(),
      type: 'course.completed',
      occurredAt: new Date().toISOString(),
      aggregateType: 'course',
      aggregateId: String(course.id),
      payload: { userId: learner.id, userName: learner.name, courseId: course.id, courseTitle: course.title },
    });
    await app.db.query(`UPDATE entitlements SET revoked_at = now() WHERE user_id = $1`, [learner.id]);
    const refund = {
      id: randomUUID(),
      type: 'payment.refunded' as const,
      occurredAt: new Date().toISOString(),
      aggregateType: 'payment',
      aggregateId: 'x',
      payload: { paymentId: randomUUID(), email: learner.email, amount: '497.00', currency: 'USD', reason: 'Changed my mind', userId: learner.id },
    };
    expect(await service.revokeOnRefund(refund)).toEqual({ revoked: 1 });
    const [row] = await app.db.query(`SELECT id, revoked_reason FROM certificates WHERE user_id = $1`, [learner.id]);
    expect(row.revoked_reason).toBe('Refunded');
    expect((await app.http.get(`/api/public/certificates/${row.id}`).expect(200)).body.status).toBe('revoked');
  });
});
