import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';

/** The centred card of the sign-in, forgot-password and reset-password screens. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col px-4 py-8">
      <header className="mx-auto flex w-full max-w-md items-center justify-between">
        <Logo />
        <Link to="/" className="text-sm font-medium text-slate-300 hover:text-gold-300">
          <span aria-hidden="true">←</span> {t('auth.backToHome')}
        </Link>
      </header>
      <main className="mx-auto mt-10 w-full max-w-md">
        <div className="card p-6 sm:p-8">
          <h1 className="text-2xl font-bold text-white">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-slate-400">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}

export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: React.ReactNode }) {
  const colours = tone === 'error' ? 'border-rose-500/40 bg-rose-500/10 text-rose-200' : 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border p-3 text-sm ${colours}`}>
      {children}
    </p>
  );
}
