import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertificatesService } from '../../src/modules/certificates/certificates.service';
import { createCourse } from '../factories/courses.factory';
import { createUser } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Learner</title><meta name="description" content="The site"><meta property="og:title" content="The site"></head><body><div id="root"></div></body></html>';

/** Link crawlers (LinkedIn) run no script: a certificate's page carries its title and Open Graph tags in the HTML the server sends. */
describe("a certificate's public page for link previews", () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'learner-dist-'));
    writeFileSync(join(dist, 'app.html'), SHELL);
    writeFileSync(join(dist, 'index.html'), SHELL);
    app = await startTestApp({ env: { WEB_LEARNER_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const certificateOf = async (name: string, courseTitle: string): Promise<string> => {
    const course = await createCourse(app.db, { title: courseTitle, lessons: [{}] });
    const learner = await createUser(app.db, { name });
    await app.api.get(CertificatesService).issueOnCompletion({
      id: randomUUID(),
      type: 'course.completed',
      occurredAt: new Date().toISOString(),
      aggregateType: 'course',
      aggregateId: String(course.id),
      payload: { userId: learner.id, userName: learner.name, courseId: course.id, courseTitle: course.title },
    });
    const [{ id }] = await app.db.query(`SELECT id FROM certificates WHERE user_id = $1`, [learner.id]);
    return id as string;
  };

  it("keeps a name with replacement patterns ($`, $&, $') as typed in the title and preview tags", async () => {
    const id = await certificateOf("Dollar $` Amp $& Tick $' Sign", 'Pricing $& $` $$ tactics');
    const html = (await app.http.get(`/certificates/${id}`).expect(200)).text;
    const title = 'Dollar $` Amp $&#38; Tick $&#39; Sign completed Pricing $&#38; $` $$ tactics | ';
    expect(html).toContain(`<title>${title}`);
    expect(html).toContain(`<meta property="og:title" content="${title}`);
    // Nothing of the shell was spliced in: one head, one title, one of each tag, the body untouched.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html).toMatch(/<\/head><body><div id="root"><\/div><\/body><\/html>$/);
  });

  it('fills the shell with the certificate title and Open Graph tags, escaped; other addresses get the shell as it is', async () => {
    const id = await certificateOf('Grace "G" Hopper', 'Growth & <Scale>');
    const page = await app.http.get(`/certificates/${id}`).expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.text;
    expect(html).toContain('<title>Grace &#34;G&#34; Hopper completed Growth &#38; &#60;Scale&#62; | ');
    expect(html).toContain('<meta property="og:title" content="Grace &#34;G&#34; Hopper completed Growth &#38; &#60;Scale&#62; | ');
    expect(html).toMatch(/<meta property="og:description" content="Certificate of completion issued by .* on \d{4}-\d{2}-\d{2}\.">/);
    expect(html).toContain(`<meta property="og:url" content="`);
    expect(html).toContain(`/certificates/${id}">`);
    expect(html).not.toContain('<Scale>');
    // The shell's own description and title tags are replaced, not doubled.
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');

    for (const path of ['/certificates/no-such-certificate', '/dashboard/courses']) {
      const other = await app.http.get(path).expect(200);
      expect({ path, html: other.text }).toEqual({ path, html: SHELL });
    }
  });
});
