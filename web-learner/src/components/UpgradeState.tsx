import { Link } from 'react-router';
import { Icon } from './Icon';
import { useTranslation } from '../i18n/useTranslation';

const INCLUDED = ['courses', 'resources', 'automation', 'chat'] as const;

/** What a member without lifetime access sees in a members' section: what access includes and the way to get it. */
export function UpgradeState() {
  const { t } = useTranslation();
  return (
    <section className="card mx-auto max-w-2xl p-8 text-center" aria-labelledby="upgrade-title" data-testid="upgrade-state">
      <div aria-hidden="true" className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-gold-500/15 text-gold-300">
        <Icon name="lock" className="h-7 w-7" />
      </div>
      <h2 id="upgrade-title" className="mt-4 text-2xl font-bold text-white">
        {t('upgrade.title')}
      </h2>
      <p className="mt-2 text-slate-300">{t('upgrade.text')}</p>
      <ul className="mx-auto mt-5 max-w-md space-y-2 text-left text-sm text-slate-200">
        {INCLUDED.map((item) => (
          <li key={item} className="flex gap-2">
            <Icon name="check" className="h-5 w-5 shrink-0 text-emerald-300" />
            {t(`upgrade.included.${item}`)}
          </li>
        ))}
      </ul>
      <Link to="/payment" className="btn-gold mt-7">
        {t('upgrade.cta')}
      </Link>
    </section>
  );
}
