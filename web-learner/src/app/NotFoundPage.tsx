import { Link } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-screen place-items-center px-4">
      <div className="card max-w-md p-8 text-center">
        <p className="text-5xl font-black text-gold-400">404</p>
        <h1 className="mt-2 text-2xl font-bold text-white">{t('notFound.title')}</h1>
        <p className="mt-3 text-slate-400">{t('notFound.text')}</p>
        <Link to="/" className="btn-gold mt-6">
          {t('common.backToHome')}
        </Link>
      </div>
    </main>
  );
}
