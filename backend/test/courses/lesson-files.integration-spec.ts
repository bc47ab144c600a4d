import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { binary } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x41)]);

/**
 * Lesson PDFs are paid content: never at a public /media address, only
 * through a signed link of the learner's own, checked when opened, that ends
 * with the session (sign out everywhere), the access (refund, plan set to
 * free) or the account (suspension).
 */
describe('paid lesson files', () => {
  let app: TestApp;
  let admin: string;
  let course: { id: number; lessonIds: number[] };
  let pdfRef: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
    const upload = await app.http.post('/api/admin/media').set('authorization', `Bearer ${admin}`).attach('file', PDF, 'Workbook.pdf').expect(201);
    pdfRef = upload.body.url;
    course = await createCourse(app.db, {
      title: 'Paid PDFs',
      lessons: [
        { title: 'Workbook', type: 'pdf', pdfUrl: pdfRef },
        { title: 'Draft', type: 'pdf', pdfUrl: pdfRef, published: false },
      ],
    });
  });
  afterAll(() => app.close());

  const pdfLinkOf = async (token: string): Promise<string> => {
    const res = await app.http.get(`/api/courses/${course.id}`).set('authorization', `Bearer ${token}`).expect(200);
    return res.body.course.lessons[0].pdfUrl;
  };

  it('is not at its /media address, for anyone', async () => {
    await app.http.get(pdfRef).expect(404);
  });

  it('reaches a learner with access through a signed link of their own, inline, byte for byte', async () => {
    const token = await login(app, await createUser(app.db));
    const link = await pdfLinkOf(token);
    expect(link).toMatch(
      new RegExp(`^/api/courses/${course.id}/lessons/${course.lessonIds[0]}/file\\?u=[0-9a-f-]{36}&v=\\d+&s=[0-9a-f-]{36}&exp=\\d+&sig=[\\w-]{43}$`),
    );
    const res = await binary(app.http.get(link)).expect(200);
    expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    await app.http.get(link.replace(/&sig=.*$/, '')).expect(401);
    await app.http.get(link.replace(/u=[0-9a-f-]{36}/, 'u=00000000-0000-4000-8000-000000000000')).expect(403);
    await app.http.get(link.replace(`lessons/${course.lessonIds[0]}`, `lessons/${course.lessonIds[1]}`)).expect(403);
  });

  it('gives the outline only, without the file address, to an account without access', async () => {
    const token = await login(app, await createUser(app.db, { access: false }));
    const res = await app.http.get(`/api/courses/${course.id}`).set('authorization', `Bearer ${token}`).expect(200);
    expect(JSON.stringify(res.body)).not.toContain(pdfRef);
    expect(res.body.course.lessons[0].pdfUrl).toBeUndefined();
    await app.http.get(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/file`).set('authorization', `Bearer ${token}`).expect(403);
  });

  it('stops working after sign out everywhere', async () => {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const link = await pdfLinkOf(token);
    await app.http.get(link).expect(200);
    await app.http.post('/api/auth/logout-everywhere').set('authorization', `Bearer ${token}`).send({}).expect(200);
    const res = await app.http.get(link).expect(403);
    expect(res.body.message).toMatch(/ended with your session/);
  });

  it('stops working when the session that asked for it signs out; links of the other sessions keep working', async () => {
    const user = await createUser(app.db);
    const phone = await login(app, user);
    const laptop = await login(app, user);
    const phoneLink = await pdfLinkOf(phone);
    const laptopLink = await pdfLinkOf(laptop);
    await app.http.get(phoneLink).expect(200);
    await app.http.post('/api/auth/logout').set('authorization', `Bearer ${phone}`).send({}).expect(200);
    expect((await app.http.get(phoneLink).expect(403)).body.message).toMatch(/ended with your session/);
    // A link cannot be moved to another session: the session is signed.
    const laptopSession = new URL(laptopLink, 'http://x').searchParams.get('s')!;
    await app.http.get(phoneLink.replace(/s=[0-9a-f-]{36}/, `s=${laptopSession}`)).expect(403);
    await app.http.get(laptopLink).expect(200);
  });

  it("ends the admin's preview link when the admin signs out", async () => {
    const { token } = await adminToken(app);
    const { url } = (await app.http.post('/api/admin/courses/file-preview-link').set('authorization', `Bearer ${token}`).send({ url: pdfRef }).expect(200))
      .body;
    await binary(app.http.get(url)).expect(200);
    await app.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).send({}).expect(200);
    await app.http.get(url).expect(403);
  });

  it('stops working when access is taken away (a refund sets the plan to free) or the account is suspended', async () => {
    const refunded = await createUser(app.db);
    const refundedLink = await pdfLinkOf(await login(app, refunded));
    await app.db.query(`UPDATE entitlements SET revoked_at = now(), reason = 'refund' WHERE user_id = $1`, [refunded.id]);
    expect((await app.http.get(refundedLink).expect(403)).body.message).toMatch(/Lifetime access is required/);

    const suspended = await createUser(app.db);
    const suspendedLink = await pdfLinkOf(await login(app, suspended));
    await app.http.put(`/api/admin/users/${suspended.id}`).set('authorization', `Bearer ${admin}`).send({ status: 'suspended' }).expect(200);
    await app.http.get(suspendedLink).expect(403);
  });

  it('lets the admin preview an uploaded PDF in the editor through a link of their own', async () => {
    const res = await app.http.post('/api/admin/courses/file-preview-link').set('authorization', `Bearer ${admin}`).send({ url: pdfRef }).expect(200);
    expect(res.body.url).toMatch(/^\/api\/courses\/file-preview\?u=.*&ref=%2Fmedia%2F/);
    const file = await binary(app.http.get(res.body.url)).expect(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    await app.http.get(res.body.url.replace(/ref=[^&]+/, 'ref=%2Fmedia%2Fother.pdf')).expect(403);
    await app.http
      .post('/api/admin/courses/file-preview-link')
      .set('authorization', `Bearer ${admin}`)
      .send({ url: 'https://evil.example.com/x.pdf' })
      .expect(400);
    const learner = await login(app, await createUser(app.db));
    await app.http.post('/api/admin/courses/file-preview-link').set('authorization', `Bearer ${learner}`).send({ url: pdfRef }).expect(403);
  });
});
