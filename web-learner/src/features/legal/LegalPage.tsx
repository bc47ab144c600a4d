import { Link, useNavigate } from 'react-router';
import type { LegalPageName } from '../../api/legal';
import { Logo } from '../../components/Logo';
import { QueryState } from '../../components/QueryState';
import { SiteFooter } from '../../components/SiteFooter';
import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import { useLegalPage } from './api/useLegalPage';

export function BackToHome() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="btn-ghost">
      <span aria-hidden="true">←</span> {t('common.backToHome')}
    </Link>
  );
}

/** The frame of the three legal pages: logo, title, last update, Back to Home above and below the text. */
export function LegalPage({ title, updated, children }: { title: string; updated?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-6">
        <Logo />
        <BackToHome />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16">
        <article className="card p-6 sm:p-10">
          <h1 className="text-3xl font-bold text-white">{title}</h1>
          {updated && <p className="mt-2 text-sm text-slate-400">{t('legal.updated', { date: updated })}</p>}
          {children}
        </article>
        <div className="mt-8">
          <BackToHome />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * A legal page in the interface language: the seller's text from the console
 * (Settings > Legal pages), else the built-in one, as the API renders it
 * (sanitised HTML, placeholders filled from the settings). A page the server
 * rendered arrives with its text, so the first paint already shows it.
 */
export function LegalText({ page }: { page: LegalPageName }) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const query = useLegalPage(page, language);
  const title = t(`pages.${page}`);
  const data = query.data;
  // The built-in texts carry a calendar day; a seller's text the moment it was saved, shown in the site's zone.
  const updated = data ? formatDate(data.isDefault ? data.updatedAt.slice(0, 10) : data.updatedAt, language) : undefined;
  /** The text's links to the site's own pages move within the app. */
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || link!.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <LegalPage title={title} updated={updated}>
      <div className="mt-8">
        <QueryState query={query} label={title}>
          {(legal) => (
            // Sanitised by the API (backend modules/legal/legal-render.ts): headings, paragraphs, lists and links only.
            <div
              data-testid="legal-text"
              lang={legal.language}
              onClick={onClick}
              className="space-y-6 leading-relaxed text-slate-300 [&_a]:text-gold-300 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_h3]:font-semibold [&_h3]:text-white [&_li]:ml-5 [&_ol>li]:list-decimal [&_ul>li]:list-disc [&_ol]:space-y-2 [&_ul]:space-y-2"
              dangerouslySetInnerHTML={{ __html: legal.html }}
            />
          )}
        </QueryState>
      </div>
    </LegalPage>
  );
}
