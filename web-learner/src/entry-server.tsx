import type { Messages } from '@lingui/core';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import type { LegalPageContent } from './api/legal';
import { legalPageQuery, publicConfigQuery, queryKeys } from './api/queries';
import { currentSite, primeSite, type PublicConfig } from './api/site';
import { LandingRoot } from './app/LandingRoot';
import { describePage, metaOf, PAGE_META, pageTitle, type PageMeta } from './app/pageMeta';
import { queryClient } from './app/queryClient';
import { preloadRoute } from './app/routeModules';
import { AppRoutes, routes } from './app/router';
import { i18n, SITE_STRING_IDS } from './i18n/i18n';
import { LANGUAGES, switchLanguage, type Language } from './i18n/language';

export interface PrerenderedPage {
  /** The markup of the page, to go inside #root. */
  html: string;
  meta: PageMeta;
  /** The description in the page's language, with the site's price (the landing page: the site description when set). */
  description: string;
  /** The title with the site name, in the page's language. */
  title: string;
  siteName: string;
  /** The language the page is written in (`<html lang>`). */
  language: Language;
  /**
   * The landing page in a language other than English: the strings it shows,
   * compiled, for the server to write into the page (#page-strings), so the
   * page hydrates without first downloading the language's whole catalogue.
   */
  strings?: Messages;
}

export interface PrerenderOptions {
  /**
   * The public configuration to draw the page with (the server renders each
   * request with the current settings: name, seller, price and currency);
   * none at build time: the defaults.
   */
  config?: PublicConfig | null;
  /** The language to write the page in (the site's, resolved by the server); English when none. */
  language?: string;
  /** For a legal page: its text in that language (the server's), drawn into the page. */
  legalPage?: LegalPageContent | null;
}

export { LANGUAGES };

function renderToHtml(node: ReactNode): string {
  return renderToString(<StrictMode>{node}</StrictMode>);
}

const languageOf = (language: string | undefined): Language =>
  language && (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';

/** The page title as the app writes it (useSiteHead): the page's name in the language, then the site name. */
function titleOf(meta: PageMeta, siteName: string): string {
  const page = (Object.keys(PAGE_META) as Array<keyof typeof PAGE_META>).find((key) => PAGE_META[key] === meta);
  return pageTitle(meta.title && page ? { ...meta, title: i18n._(`pages.${page}`) } : meta, siteName);
}

/** The compiled messages of these ids (those the language has: others fall back as they would anyway). */
function pickStrings(messages: Messages, ids: readonly string[]): Messages {
  const picked: Messages = {};
  for (const id of ids) if (Object.hasOwn(messages, id)) picked[id] = messages[id];
  return picked;
}

/**
 * Renders a public page to HTML the way the browser first draws it: the
 * landing page on its own (landing.tsx), the others through the app's routes
 * (main.tsx). At build time (scripts/prerender.mjs) in English with the
 * defaults; on the server (backend modules/site/public-pages.ts) per request
 * in the site's language with the current settings, which the page then
 * carries for the app to start from (app/serverConfig.ts).
 */
export async function prerenderPage(path: string, options: PrerenderOptions = {}): Promise<PrerenderedPage> {
  const language = languageOf(options.language);
  const config = options.config ?? null;
  await switchLanguage(language);
  primeSite(config);
  if (config) queryClient.setQueryData(publicConfigQuery.queryKey, config);
  else queryClient.removeQueries({ queryKey: publicConfigQuery.queryKey });
  queryClient.removeQueries({ queryKey: queryKeys.legalPages });
  if (options.legalPage) queryClient.setQueryData(legalPageQuery(options.legalPage.page, options.legalPage.language).queryKey, options.legalPage);
  const siteName = currentSite().name;
  const describe = (meta: PageMeta) => describePage(meta, (id, values) => i18n._(id, values), language, currentSite());
  if (path === '/') {
    const meta = PAGE_META.landing;
    const html = renderToHtml(<LandingRoot />);
    const strings = language === 'en' ? undefined : pickStrings(i18n.messages, SITE_STRING_IDS);
    return { html, meta, description: describe(meta), title: titleOf(meta, siteName), siteName, language, strings };
  }
  const meta = (matchRoutes(routes, path) ?? [])
    .map((match) => metaOf(match.route.handle))
    .reverse()
    .find((m) => m !== undefined);
  if (!meta) throw new Error(`${path} has no title and description (a route handle with meta): it is not a public page`);
  // Its screens' code first: the render then completes in one pass.
  await preloadRoute(routes, path);
  const html = renderToHtml(
    <StaticRouter location={path}>
      <AppRoutes />
    </StaticRouter>,
  );
  return { html, meta, description: describe(meta), title: titleOf(meta, siteName), siteName, language };
}
