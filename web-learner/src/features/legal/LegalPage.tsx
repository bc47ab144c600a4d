import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { SiteFooter } from '../../components/SiteFooter';
import { useTranslation } from '../../i18n/useTranslation';

export function BackToHome() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="btn-ghost">
      <span aria-hidden="true">←</span> {t('common.backToHome')}
    </Link>
  );
}

/** The frame of the three static pages: logo, title, last update, Back to Home above and below the text. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-6">
        <Logo />
        <BackToHome />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16">
        <article className="card p-6 sm:p-10">
          <h1 className="text-3xl font-bold text-white">{title}</h1>
          <p className="mt-2 text-sm text-slate-400">Last updated: {updated}</p>
          <div className="mt-8 space-y-6 leading-relaxed text-slate-300 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
            {children}
          </div>
        </article>
        <div className="mt-8">
          <BackToHome />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
