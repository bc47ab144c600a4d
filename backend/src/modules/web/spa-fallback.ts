import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NotFoundFallback } from '../../common/errors/all-exceptions.filter';
import { appConfig } from '../../config';
import { PAGE_META, withPageMeta, type PageMetaSource } from './page-meta';

/**
 * Deep links of the two single-page apps (/dashboard/courses,
 * /admin/users, ...) are answered with the app's shell: app.html where the
 * build has one (the learner app's index.html is its prerendered landing
 * page, and its other public pages are <path>/index.html), else index.html.
 * API paths and missing files keep their 404. A public page a feature module
 * describes (PAGE_META: a certificate's page) gets its title and Open Graph
 * tags in the shell, for link previews.
 */
@Injectable()
export class SpaFallback implements NotFoundFallback {
  constructor(
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    @Optional() @Inject(PAGE_META) private readonly pages?: PageMetaSource,
  ) {}

  handle(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/media/')) return false;
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return false;
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const root = isAdmin ? this.app.webAdminDist : this.app.webLearnerDist;
    const shell = existsSync(join(root, 'app.html')) ? 'app.html' : 'index.html';
    if (!existsSync(join(root, shell))) {
      void reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The ${isAdmin ? 'admin' : 'learner'} web app is not built yet. Run: npm run build`);
      return true;
    }
    if (!isAdmin && this.pages && path.startsWith(this.pages.pagePrefix)) {
      void this.sendWithMeta(reply, join(root, shell), path, this.pages);
      return true;
    }
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(shell, root);
    return true;
  }

  private async sendWithMeta(reply: FastifyReply, file: string, path: string, pages: PageMetaSource): Promise<void> {
    const meta = await pages.pageMeta(path).catch(() => null);
    const html = await readFile(file, 'utf8');
    void reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(meta ? withPageMeta(html, meta) : html);
  }
}
