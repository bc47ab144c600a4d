import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NotFoundFallback } from '../../common/errors/all-exceptions.filter';
import { appConfig } from '../../config';

/**
 * Deep links of the two single-page apps (/dashboard/courses,
 * /admin/users, ...) are answered with the app's index.html; API paths and
 * missing files keep their 404.
 */
@Injectable()
export class SpaFallback implements NotFoundFallback {
  constructor(@Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>) {}

  handle(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/media/')) return false;
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return false;
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const root = isAdmin ? this.app.webAdminDist : this.app.webLearnerDist;
    if (!existsSync(join(root, 'index.html'))) {
      void reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The ${isAdmin ? 'admin' : 'learner'} web app is not built yet. Run: npm run build`);
      return true;
    }
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', root);
    return true;
  }
}
