import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { DEFAULT_SITE } from './api/site';
import { LandingRoot } from './app/LandingRoot';
import { metaOf, PAGE_META, pageTitle, type PageMeta } from './app/pageMeta';
import { preloadRoute } from './app/routeModules';
import { AppRoutes, routes } from './app/router';

export interface PrerenderedPage {
  /** The markup of the page, to go inside #root. */
  html: string;
  meta: PageMeta;
  /** The title with the default site name (the app puts the configured one once it has it). */
  title: string;
  siteName: string;
}

function renderToHtml(node: ReactNode): string {
  return renderToString(<StrictMode>{node}</StrictMode>);
}

/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs), the
 * way the browser first draws it: the landing page on its own (landing.tsx),
 * the others through the app's routes (main.tsx).
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const site = { siteName: DEFAULT_SITE.name };
  if (path === '/') {
    return { html: renderToHtml(<LandingRoot />), meta: PAGE_META.landing, title: pageTitle(PAGE_META.landing, site.siteName), ...site };
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
  return { html, meta, title: pageTitle(meta, site.siteName), ...site };
}
