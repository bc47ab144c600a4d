import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync } from 'node:fs';
import type { FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INLINE_MEDIA = /\.(png|jpe?g|gif|webp|svg|pdf)$/i;
const PDF = /\.pdf$/i;
const BUILD_ASSET = /^\/(?:admin\/)?assets\//;
/**
 * Validators a content-hashed build asset has no use for: it is cached as
 * immutable for a year and a new build gives it a new name, so nothing ever
 * revalidates it. Pages keep theirs (they are revalidated on every visit).
 */
const REVALIDATION_HEADERS = ['etag', 'last-modified'];
/**
 * Response headers that only mean something on a page (its security policy,
 * framing, referrer, browsing-context isolation): a script or stylesheet of
 * the build has no use for them, and on HTTP/1.1 every asset request would
 * carry them again, about 1 KB each. nosniff and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built learner app at /, the admin app at /admin/ and uploaded
 * media at /media/. Hashed build assets are cached forever, everything else
 * is revalidated; media never gets sniffed and non-images download. The
 * apps' files go out precompressed (brotli or gzip) to clients that accept it.
 */
export async function registerStaticFiles(app: NestFastifyApplication, dirs: { learner: string; admin: string; media: string }): Promise<void> {
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      if (BUILD_ASSET.test(request.url)) {
        // Helmet writes its headers straight onto the raw response.
        for (const name of [...DOCUMENT_ONLY_HEADERS, ...REVALIDATION_HEADERS]) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
      }
      done(null, payload);
    });
  const appHeaders = (reply: FastifyReply, path: string): void => {
    reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
  };
  // The builds hold .br and .gz siblings of every text file of 1 KB or more (scripts/vite/precompress.cjs): sent as the client accepts, with Vary: Accept-Encoding.
  await app.register(fastifyStatic, { root: dirs.learner, prefix: '/', index: ['index.html'], preCompressed: true, setHeaders: appHeaders });
  await app.register(fastifyStatic, {
    root: dirs.admin,
    prefix: '/admin/',
    index: ['index.html'],
    preCompressed: true,
    decorateReply: false,
    setHeaders: appHeaders,
  });
  await app.register(fastifyStatic, {
    root: dirs.media,
    prefix: '/media/',
    index: false,
    decorateReply: false,
    dotfiles: 'deny',
    setHeaders: (reply: FastifyReply, path: string) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      if (!PDF.test(path)) reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      reply.header('Cache-Control', 'public, max-age=86400');
      if (!INLINE_MEDIA.test(path)) reply.header('Content-Disposition', 'attachment');
    },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .get('/admin', (_req, reply) => reply.redirect('/admin/', 302));
}
