import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { API_PREFIX } from '../../common/http/api-prefix';
import { negotiateEncoding } from '../../common/http/compression';
import { appConfig } from '../../config';
import { isLanguage } from '../../common/i18n';
import { LEGAL_PAGE_PATHS, LegalPagesService, type LegalPageName, type PublicLegalPage } from '../legal';
import type { PublicConfig } from './dto/public-config.dto';
import { PublicConfigService } from './public-config.service';

/** The learner app's renderer (web-learner/src/entry-server.tsx, built by scripts/prerender.mjs into dist-ssr/entry-server.cjs). */
interface Renderer {
  prerenderPage(
    path: string,
    options: { config: PublicConfig; language: string; legalPage?: PublicLegalPage },
  ): Promise<{ html: string; title: string; description?: string; siteName: string; language: string; strings?: Record<string, unknown> }>;
}

/** dist-ssr/pages.json: each public page's HTML around its markup, with slots for the markup, the title, the description, the site name and the locale. */
interface PagesFile {
  slots: { html: string; title: string; description?: string; siteName: string; locale: string };
  /** The chunk of each language's strings (not English's, which the app bundles). */
  locales: Record<string, string>;
  templates: Record<string, string>;
}

/** The API's own requests, which are never a public page. */
const API_PATH = `/${API_PREFIX}/`;

interface RenderedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The interface languages of the learner site. */
const LANGUAGES = ['en', 'es', 'fr', 'de'];
const OG_LOCALES: Record<string, string> = { en: 'en_US', es: 'es_ES', fr: 'fr_FR', de: 'de_DE' };
/** Pages kept rendered: each page in each language for a handful of settings at a time. */
const CACHE_SIZE = 128;

/** The legal page each address shows. */
const LEGAL_PAGE_AT = new Map(Object.entries(LEGAL_PAGE_PATHS).map(([page, path]) => [path, page as LegalPageName]));

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** For Language = auto: the first language of the visitor's Accept-Language the site speaks ("de-DE" counts as "de"), else English. */
export function languageFor(setting: string, acceptLanguage: string | undefined): string {
  if (LANGUAGES.includes(setting)) return setting;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags.find((entry) => LANGUAGES.includes(entry.tag))?.tag ?? 'en';
}

/**
 * The learner site's public pages (/, /payment, /login, the legal pages...)
 * answered already in the site's language (Settings > General > Language,
 * for `auto` the visitor's Accept-Language) with the current site name,
 * seller and price in the configured currency: the first paint is the page
 * the visitor keeps, with no English flash and nothing that moves when the
 * app starts. Each page is rendered with the learner app's own renderer and
 * carries the public configuration it was drawn with (`#site-config`,
 * `<html lang>`), from which the app starts and hydrates without a change
 * (web-learner app/serverConfig.ts); the strings of its language are
 * preloaded, or for the landing page written into it (`#page-strings`: the
 * few it shows, rather than a download of the whole catalogue before it can
 * hydrate). Renders are cached per page, language and configuration. A
 * build without the renderer (or a failing render) leaves the build's English
 * page to the static files.
 */
@Injectable()
export class PublicPages {
  private readonly logger = new Logger(PublicPages.name);
  private loaded: { renderer: Renderer; pages: PagesFile } | null | undefined;
  private readonly cache = new Map<string, Promise<RenderedPage>>();
  /** The renderer draws through module-wide state (the language, the site): one page at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly publicConfig: PublicConfigService,
    private readonly legal: LegalPagesService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  /** Where the build keeps the renderer: dist-ssr beside the learner app's dist. */
  private get serverDir(): string {
    return join(dirname(this.app.webLearnerDist), 'dist-ssr');
  }

  private bundle(): { renderer: Renderer; pages: PagesFile } | null {
    if (this.loaded !== undefined) return this.loaded;
    const dir = this.serverDir;
    const entry = join(dir, 'entry-server.cjs');
    const pagesFile = join(dir, 'pages.json');
    if (!existsSync(entry) || !existsSync(pagesFile)) {
      this.loaded = null;
      return null;
    }
    try {
      const renderer = createRequire(__filename)(entry) as Renderer;
      const pages = JSON.parse(readFileSync(pagesFile, 'utf8')) as PagesFile;
      this.loaded = { renderer, pages };
    } catch (error) {
      this.logger.error(`The learner app's renderer (${entry}) could not be loaded: the public pages are served in English`, error as Error);
      this.loaded = null;
    }
    return this.loaded;
  }

  /** Answers GET requests for the public pages before the static files do (registered after helmet, so the page keeps its security headers). */
  register(fastify: FastifyInstance): void {
    // A callback hook: every request passes here, and all but the pages' own go on at once, without a promise.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || request.url.startsWith(API_PATH)) return done();
      const path = request.url.split('?')[0].replace(/(.)\/$/, '$1');
      const bundle = this.bundle();
      if (!bundle || !Object.hasOwn(bundle.pages.templates, path)) return done();
      this.page(path, request.headers['accept-language']).then(
        (page) => {
          const encoding = negotiateEncoding(request.headers['accept-encoding']);
          reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Accept-Language').type('text/html; charset=utf-8');
          if (encoding) reply.header('Content-Encoding', encoding);
          // Answered here: the request goes no further (done is not called).
          void reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.plain);
        },
        (error: unknown) => {
          this.logger.error(`${path} could not be rendered: the build's English page goes out`, error as Error);
          done();
        },
      );
    });
  }

  /** The page for a visitor: rendered with the current configuration in the site's language (cached). */
  async page(path: string, acceptLanguage: string | undefined): Promise<RenderedPage> {
    const config = await this.publicConfig.get();
    const language = languageFor(config.language, acceptLanguage);
    // A legal page is drawn with its text in that language (the seller's, else the built-in one).
    const legalPage = LEGAL_PAGE_AT.get(path);
    const legal = legalPage && isLanguage(language) ? await this.legal.forPublic(legalPage, language) : undefined;
    const key = JSON.stringify([path, language, config, legal ?? null]);
    let page = this.cache.get(key);
    if (!page) {
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      page = this.render(path, language, config, legal);
      this.cache.set(key, page);
      page.catch(() => this.cache.delete(key));
    }
    return page;
  }

  private render(path: string, language: string, config: PublicConfig, legalPage: PublicLegalPage | undefined): Promise<RenderedPage> {
    const { renderer, pages } = this.bundle()!;
    const rendered = this.queue.then(() => renderer.prerenderPage(path, { config, language, legalPage }));
    this.queue = rendered.catch(() => undefined);
    return rendered.then(({ html, title, description, siteName, language: written, strings }) => {
      const { slots } = pages;
      // The landing page brings its strings along (#page-strings); any other page preloads its language's catalogue.
      const preload = !strings && pages.locales[written] ? `<link rel="modulepreload" crossorigin href="${escape(pages.locales[written])}" />` : '';
      const json = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
      // The legal page's text travels with it too: the app hydrates with the same text (web-learner features/legal/useLegalPage.ts).
      const data = json('site-config', config) + (legalPage ? json('legal-page', legalPage) : '') + (strings ? json('page-strings', strings) : '');
      // Function replacers throughout: `$&` or `$'` in a site name would otherwise splice pieces of the page in.
      let template = pages.templates[path];
      // The description in the page's language (a build without its slot keeps the build's English one).
      if (slots.description && description !== undefined) template = template.split(slots.description).join(escape(description));
      const page = template
        .replace(/<html lang="[^"]*"/, () => `<html lang="${written}"`)
        .split(slots.title)
        .join(escape(title))
        .split(slots.siteName)
        .join(escape(siteName))
        .split(slots.locale)
        .join(OG_LOCALES[written] ?? 'en_US')
        .replace('</head>', () => `${preload}${data}</head>`)
        .replace(slots.html, () => html);
      const plain = Buffer.from(page, 'utf8');
      return {
        plain,
        br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
        gzip: gzipSync(plain, { level: 9 }),
      };
    });
  }
}
