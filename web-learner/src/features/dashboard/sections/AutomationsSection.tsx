import { useAutomations } from '../api/useMemberResources';
import { ExternalLink, QueryState } from '../../../components/QueryState';
import { ResourceIcon } from '../ResourceIcon';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

export function AutomationsSection() {
  const automations = useAutomations();
  const { t } = useTranslation();
  return (
    <QueryState query={automations} label={t('automations.what')}>
      {(items) => (
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {items.map((a) => (
            <li key={a.id} className="card flex flex-col p-5">
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-gold-500/15 text-gold-300">
                <ResourceIcon name={a.icon} />
              </span>
              <h3 className="mt-4 font-semibold text-white">{a.name}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-400">{a.description}</p>
              <dl className="mt-4 flex flex-wrap gap-2 text-xs">
                <div className="rounded-full bg-ink-700 px-2.5 py-1">
                  <dt className="sr-only">{t('automations.category')}</dt>
                  <dd className="text-slate-200">{a.category}</dd>
                </div>
                <div className="rounded-full bg-gold-500/15 px-2.5 py-1">
                  <dt className="sr-only">{t('automations.department')}</dt>
                  <dd className="text-gold-300">{a.department}</dd>
                </div>
              </dl>
              <ExternalLink href={a.link} className="btn-gold mt-5">
                {t('automations.download')}
              </ExternalLink>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
