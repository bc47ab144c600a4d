import { Icon } from '../components/Icon';
import { useTranslation } from '../i18n/useTranslation';
import { MAINTENANCE_MESSAGE } from '../api/maintenance';

export function MaintenancePage({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-screen place-items-center px-4">
      <div className="card max-w-md p-8 text-center">
        <div className="mx-auto mb-4 grid h-14 w-14 place-items-center rounded-full bg-gold-500/15 text-gold-300">
          <Icon name="wrench" className="h-7 w-7" />
        </div>
        <h1 className="text-2xl font-bold text-white">{t('maintenance.title')}</h1>
        <p className="mt-3 text-slate-300">{message === MAINTENANCE_MESSAGE ? t('maintenance.message') : message}</p>
        <button type="button" className="btn-gold mt-6" onClick={() => window.location.reload()}>
          {t('common.tryAgain')}
        </button>
      </div>
    </main>
  );
}
