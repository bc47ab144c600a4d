import { useState } from 'react';
import { SESSION_KEYS } from '../auth/session';
import { useTranslation } from '../i18n/useTranslation';

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/**
 * The global error screen. RouteErrorBoundary shows it in place of the
 * screens and resets it when the location changes.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { message, stack } = describe(error);
  const [showStack, setShowStack] = useState(false);
  const { t } = useTranslation();

  const goHome = () => {
    localStorage.removeItem(SESSION_KEYS.authenticated);
    localStorage.removeItem(SESSION_KEYS.email);
    window.location.assign('/');
  };

  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className="card w-full max-w-xl p-8" role="alert">
        <div aria-hidden="true" className="mb-4 grid h-12 w-12 place-items-center rounded-full bg-rose-500/15 text-2xl text-rose-300">
          !
        </div>
        <h1 className="text-2xl font-bold text-white">{t('error.title')}</h1>
        <p className="mt-3 break-words text-slate-300">{message}</p>
        {stack && (
          <div className="mt-4">
            <button type="button" className="text-sm font-medium text-gold-300 underline" aria-expanded={showStack} onClick={() => setShowStack((v) => !v)}>
              {showStack ? t('error.hideDetails') : t('error.showDetails')}
            </button>
            {showStack && <pre className="mt-3 max-h-64 overflow-auto rounded-xl bg-ink-950 p-4 text-xs text-slate-400">{stack}</pre>}
          </div>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-gold" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          <button type="button" className="btn-ghost" onClick={goHome}>
            {t('error.home')}
          </button>
        </div>
      </div>
    </main>
  );
}
