import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, createUser, login } from '../factories/users.factory';
import { MediaService } from '../../src/modules/media/media.service';
import { binary } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const MiB = 1024 * 1024;
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const withHead = (head: Buffer | string, size: number): Buffer => {
  const bytes = Buffer.alloc(size, 0x41);
  Buffer.from(head as Buffer).copy(bytes);
  return bytes;
};

describe('admin media upload', () => {
  let app: TestApp;
  let token: string;
  let mediaDir: string;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const upload = (bytes: Buffer, filename: string, contentType = 'application/octet-stream', field = 'file') =>
    app.http.post('/api/admin/media').set(auth()).attach(field, bytes, { filename, contentType });
  const storedFiles = () => readdirSync(mediaDir).filter((n) => !n.startsWith('seed'));
  beforeAll(async () => {
    app = await startTestApp();
    token = (await adminToken(app)).token;
    mediaDir = join(app.dataDir, 'media');
  });
  afterAll(() => app.close());

  it('is for admins only', async () => {
    const learner = await login(app, await createUser(app.db, { access: true }));
    await app.http.post('/api/admin/media').attach('file', withHead(PNG_HEAD, 100), 'a.png').expect(401);
    await app.http.post('/api/admin/media').set('authorization', `Bearer ${learner}`).attach('file', withHead(PNG_HEAD, 100), 'a.png').expect(403);
  });

  it('stores a PNG under a random name, serves it at /media and audits the upload', async () => {
    const bytes = withHead(PNG_HEAD, 4096);
    const res = await upload(bytes, '../../etc/My Logo.PNG', 'image/png').expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.png$/),
      name: 'My Logo.png',
      mimeType: 'image/png',
      size: 4096,
      private: false,
    });
    const stored = res.body.url.slice('/media/'.length);
    expect(readFileSync(join(mediaDir, stored)).equals(bytes)).toBe(true);

    const served = await binary(app.http.get(res.body.url)).expect(200);
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBeUndefined();

    const [row] = await app.db.query(`SELECT original_name, mime_type, size::int AS size FROM media WHERE id = $1`, [res.body.id]);
    expect(row).toEqual({ original_name: 'My Logo.png', mime_type: 'image/png', size: 4096 });
    const audit = await app.db.query(`SELECT action, summary FROM audit_log WHERE resource = 'media' AND resource_id = $1`, [res.body.id]);
    expect(audit).toEqual([{ action: 'create', summary: 'Uploaded My Logo.png (PNG image, 4 KB)' }]);
  });

  it('keeps paid files (PDF, ZIP) out of the public folder: /media answers 404 for them', async () => {
    for (const [name, head] of [
      ['lesson.pdf', Buffer.from('%PDF-1.7\n')],
      ['bot.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
    ] as const) {
      const res = await upload(withHead(head, 3000), name).expect(201);
      expect(res.body.private).toBe(true);
      const stored = res.body.url.slice('/media/'.length);
      expect(existsSync(join(mediaDir, stored))).toBe(false);
      expect(existsSync(join(app.dataDir, 'private-media', stored))).toBe(true);
      await app.http.get(res.body.url).expect(404);
    }
  });

  it('moves paid files an older version left in the public folder, and marks them private', async () => {
    mkdirSync(join(mediaDir, 'seed'), { recursive: true });
    writeFileSync(join(mediaDir, 'seed', 'old-lesson.pdf'), '%PDF-1.4 old');
    writeFileSync(join(mediaDir, 'seed', 'cover.svg'), '<svg/>');
    await app.http.get('/media/seed/old-lesson.pdf').expect(200);
    const moved = await app.api.get(MediaService).movePaidFilesOutOfPublicFolder();
    expect(moved).toBeGreaterThanOrEqual(1);
    await app.http.get('/media/seed/old-lesson.pdf').expect(404);
    await app.http.get('/media/seed/cover.svg').expect(200);
    expect(readFileSync(join(app.dataDir, 'private-media', 'seed', 'old-lesson.pdf'), 'utf8')).toBe('%PDF-1.4 old');
  });

  it.each([
    ['photo.jpeg', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg', 'jpg'],
    ['anim.gif', Buffer.from('GIF89a'), 'image/gif', 'gif'],
    ['pic.webp', Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'), 'image/webp', 'webp'],
    ['guide.pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf', 'pdf'],
    ['bot.zip', [0x50, 0x4b, 0x03, 0x04], 'application/zip', 'zip'],
  ])('accepts %s by its bytes', async (filename, head, mimeType, extension) => {
    const res = await upload(withHead(Buffer.from(head as number[]), 2000), filename).expect(201);
    expect(res.body).toMatchObject({ mimeType, size: 2000, url: expect.stringMatching(new RegExp(`\\.${extension}$`)) });
  });

  it('names the type by content, not by the name or the claimed type', async () => {
    const res = await upload(withHead(Buffer.from('%PDF-1.4'), 500), 'looks-like.png', 'image/png').expect(201);
    expect(res.body).toMatchObject({ name: 'looks-like.pdf', mimeType: 'application/pdf', url: expect.stringMatching(/\.pdf$/), private: true });
  });

  it.each([
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png', 'image/png'],
    [Buffer.from('<html><body>hi</body></html>'), 'page.html', 'text/html'],
    [withHead(Buffer.from('MZ'), 300), 'setup.exe', 'application/octet-stream'],
    [Buffer.from('just text'), 'notes.pdf', 'application/pdf'],
  ])('refuses content outside the allow-list (%#) with 400 and keeps nothing', async (bytes, filename, contentType) => {
    const before = storedFiles().length;
    const [{ count }] = await app.db.query('SELECT count(*)::int AS count FROM media');
    const res = await upload(bytes, filename, contentType).expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('This file type is not allowed. Allowed: PNG, JPEG'),
    });
    expect(res.body.errors.file).toEqual(res.body.message);
    expect(storedFiles()).toHaveLength(before);
    expect((await app.db.query('SELECT count(*)::int AS count FROM media'))[0].count).toBe(count);
  });

  it('enforces the size limit of each type', async () => {
    const before = storedFiles().length;
    const bigImage = await upload(withHead(PNG_HEAD, 5 * MiB + 1), 'big.png').expect(413);
    expect(bigImage.body).toMatchObject({
      statusCode: 413,
      message: 'The file is too large: a PNG image may be at most 5 MB',
      errors: { file: expect.any(String) },
    });
    expect(storedFiles()).toHaveLength(before);

    await upload(withHead(PNG_HEAD, 5 * MiB), 'exact.png').expect(201);
    await upload(withHead(Buffer.from('%PDF-1.4'), 6 * MiB), 'manual.pdf').expect(201);
  });

  it('refuses a request without a file', async () => {
    const json = await app.http.post('/api/admin/media').set(auth()).send({ file: 'x' }).expect(400);
    expect(json.body.message).toBe('Send the file as multipart/form-data in the field "file"');
    const wrongField = await upload(withHead(PNG_HEAD, 100), 'a.png', 'image/png', 'image').expect(400);
    expect(wrongField.body.message).toBe('No file received: send it in the multipart field "file"');
    const empty = await upload(Buffer.alloc(0), 'empty.png').expect(400);
    expect(empty.body.errors).toEqual({ file: 'The file is empty' });
  });

  it('lets a content item and a bot point at an upload; the learner downloads its exact bytes and storage counts it', async () => {
    const bytes = withHead(Buffer.from('%PDF-1.5\n'), 30_000);
    const file = (await upload(bytes, 'playbook.pdf').expect(201)).body;
    const item = await app.http
      .post('/api/admin/content')
      .set(auth())
      .send({ title: 'Playbook', type: 'document', category: 'business', fileUrl: file.url })
      .expect(201);
    expect(item.body).toMatchObject({ fileUrl: file.url, sizeBytes: 30_000, size: '29.3 KB' });
    const bot = await app.http.post('/api/admin/bots').set(auth()).send({ name: 'Uploader Bot', downloadUrl: file.url }).expect(201);
    expect(bot.body.downloadUrl).toBe(file.url);

    const learner = await login(app, await createUser(app.db, { access: true }));
    const page = await app.http.get('/api/resources/content').set('authorization', `Bearer ${learner}`).expect(200);
    expect(page.body.stats).toEqual({ totalItems: 1, videos: 0, documents: 1, storageUsed: '29.3 KB' });
    expect(page.body.items[0]).toMatchObject({ downloadUrl: expect.stringContaining(`/api/resources/content/${item.body.id}/download?`) });
    expect(page.body.items[0].viewUrl).toBe(`${page.body.items[0].downloadUrl}&inline=1`);
    const downloaded = await binary(app.http.get(page.body.items[0].downloadUrl).set('authorization', `Bearer ${learner}`)).expect(200);
    expect(Buffer.compare(downloaded.body as Buffer, bytes)).toBe(0);
    expect(downloaded.headers['content-disposition']).toContain('filename="playbook.pdf"');

    // The bot's upload reaches learners as a signed link of their own, never the raw media address.
    const bots = await app.http.get('/api/resources/bots').set('authorization', `Bearer ${learner}`).expect(200);
    const botLink: string = bots.body.items.find((b: { id: number }) => b.id === bot.body.id).downloadUrl;
    expect(botLink).toMatch(new RegExp(`^/api/resources/bots/${bot.body.id}/download\\?u=`));
    const botFile = await binary(app.http.get(botLink)).expect(200);
    expect(Buffer.compare(botFile.body as Buffer, bytes)).toBe(0);
    expect(botFile.headers['content-disposition']).toMatch(/^attachment; filename="playbook.pdf"/);
    expect(botFile.headers['cache-control']).toBe('private, no-store');
    await app.http.get(`/api/resources/bots/${bot.body.id}/download`).expect(401);
    await app.http.get(botLink.replace(`/bots/${bot.body.id}/`, `/content/${bot.body.id}/`)).expect(403);
    await binary(app.http.get(`/api/resources/bots/${bot.body.id}/download`).set('authorization', `Bearer ${learner}`)).expect(200);
    const withoutAccess = await login(app, await createUser(app.db, { access: false }));
    await app.http.get(`/api/resources/bots/${bot.body.id}/download`).set('authorization', `Bearer ${withoutAccess}`).expect(403);

    const relinked = await app.http.put(`/api/admin/content/${item.body.id}`).set(auth()).send({ fileUrl: 'https://example.com/playbook' }).expect(200);
    expect(relinked.body.sizeBytes).toBeNull();
    const after = await app.http.get('/api/resources/content').set('authorization', `Bearer ${learner}`).expect(200);
    expect(after.body.stats.storageUsed).toBe('0 B');
  });
});
