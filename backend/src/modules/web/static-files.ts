import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync } from 'node:fs';
import type { FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INLINE_MEDIA = /\.(png|jpe?g|gif|webp|svg|pdf)$/i;
const PDF = /\.pdf$/i;

/**
 * Serves the built learner app at /, the admin app at /admin/ and uploaded
 * media at /media/. Hashed build assets are cached forever, everything else
 * is revalidated; media never gets sniffed and non-images download.
 */
export async function registerStaticFiles(
  app: NestFastifyApplication,
  dirs: { learner: string; admin: string; media: string },
): Promise<void> {
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const appHeaders = (reply: FastifyReply, path: string): void => {
    reply.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
  };
  await app.register(fastifyStatic, { root: dirs.learner, prefix: '/', index: ['index.html'], setHeaders: appHeaders });
  await app.register(fastifyStatic, { root: dirs.admin, prefix: '/admin/', index: ['index.html'], decorateReply: false, setHeaders: appHeaders });
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
  app.getHttpAdapter().getInstance().get('/admin', (_req, reply) => reply.redirect('/admin/', 302));
}
