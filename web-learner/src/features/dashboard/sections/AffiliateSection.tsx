import { useAffiliatePrograms } from '../api/useMemberResources';
import { ExternalLink, QueryState } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

/** The commission models, each explained in the interface language (i18n: affiliate.models.*). */
const MODELS = [
  { name: 'RevShare', key: 'revShare' },
  { name: 'CPA', key: 'cpa' },
  { name: 'Hybrid', key: 'hybrid' },
];

export function AffiliateSection() {
  const programs = useAffiliatePrograms();
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <div className="card bg-linear-to-br from-gold-500/10 to-transparent p-6">
        <h2 className="text-xl font-bold text-white">{t('affiliate.title')}</h2>
        <p className="mt-2 text-slate-300">{t('affiliate.intro')}</p>
      </div>
      <QueryState query={programs} label={t('affiliate.what')}>
        {(items) => (
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {items.map((p) => (
              <li key={p.id} className="card flex flex-col p-5">
                <h3 className="text-lg font-semibold text-white">{p.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-400">{p.description}</p>
                <dl className="mt-4 space-y-1 text-sm">
                  <div className="flex gap-2">
                    <dt className="text-slate-400">{t('affiliate.minPayout')}</dt>
                    <dd className="font-semibold text-white">{p.minPayout}</dd>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <dt className="text-slate-400">{t('affiliate.models')}</dt>
                    <dd className="flex flex-wrap gap-1.5">
                      {p.paymentModels.map((m) => (
                        <span key={m} className="rounded-full bg-gold-500/15 px-2 py-0.5 text-xs font-semibold text-gold-300">
                          {m}
                        </span>
                      ))}
                    </dd>
                  </div>
                </dl>
                <ExternalLink href={p.website} className="btn-gold mt-5">
                  {t('affiliate.visit')}
                </ExternalLink>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <aside className="card p-6" aria-labelledby="affiliate-tips">
        <h2 id="affiliate-tips" className="text-lg font-bold text-white">
          {t('affiliate.explained')}
        </h2>
        <dl className="mt-4 grid gap-4 md:grid-cols-3">
          {MODELS.map((model) => (
            <div key={model.name} className="rounded-xl bg-ink-800 p-4">
              <dt className="font-semibold text-gold-300">{model.name}</dt>
              <dd className="mt-1 text-sm text-slate-300">{t(`affiliate.modelTexts.${model.key}`)}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
