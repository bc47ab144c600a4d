import { useTrafficBots } from '../api/useMemberResources';
import { DownloadLink, QueryState } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

export function TrafficBotsSection() {
  const bots = useTrafficBots();
  const { t } = useTranslation();
  return (
    <QueryState query={bots} label={t('bots.what')}>
      {(items) => (
        <ul className="grid gap-5 md:grid-cols-2">
          {items.map((bot) => (
            <li key={bot.id} className="card flex flex-col overflow-hidden">
              <div className="aspect-video bg-ink-800">{bot.image && <img src={bot.image} alt="" className="h-full w-full object-cover" loading="lazy" />}</div>
              <div className="flex flex-1 flex-col p-5">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="text-lg font-semibold text-white">{bot.name}</h3>
                  <span className="rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-semibold text-emerald-300">{bot.price}</span>
                </div>
                <p className="mt-2 text-sm text-slate-400">{bot.description}</p>
                <ul className="mt-4 flex-1 space-y-1.5 text-sm text-slate-300">
                  {bot.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <span aria-hidden="true" className="text-emerald-400">
                        ✓
                      </span>
                      {f}
                    </li>
                  ))}
                </ul>
                <DownloadLink href={bot.downloadUrl} className="btn-gold mt-5" label={t('bots.downloadLabel', { name: bot.name })}>
                  {t('bots.download')}
                </DownloadLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
