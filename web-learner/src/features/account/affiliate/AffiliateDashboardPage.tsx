import type { AffiliateDashboard, CommissionTotals } from '../../../api/types';
import { useMyAffiliate } from '../../../api/hooks/useMyAffiliate';
import { QueryState } from '../../../components/QueryState';
import { formatDate, formatMoney, formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';
import { useAffiliateDashboard } from '../api/useAffiliateDashboard';
import { ActivityChart } from './ActivityChart';
import { AffiliateStatusView } from './AffiliateStatusView';

const PERIOD_DAYS = 30;
const COMMISSION_STATES = ['pending', 'approved', 'paid', 'reversed'] as const;

/** /dashboard/referrals: an approved affiliate's clicks, checkouts, sales and commissions; anyone else sees where their application stands. */
export function AffiliateDashboardPage() {
  const affiliate = useMyAffiliate();
  const approved = affiliate.data?.status === 'approved';
  const dashboard = useAffiliateDashboard(PERIOD_DAYS, approved);
  const { t } = useTranslation();
  return (
    <QueryState query={affiliate} label={t('affiliateProgramme.what')}>
      {(record) =>
        approved ? (
          <QueryState query={dashboard} label={t('affiliateProgramme.dashboard.what')}>
            {(figures) => <Figures figures={figures} />}
          </QueryState>
        ) : (
          <section className="card max-w-3xl p-6" aria-labelledby="affiliate-programme-title">
            <h2 id="affiliate-programme-title" className="text-lg font-bold text-white">
              {t('affiliateProgramme.title')}
            </h2>
            {record && <p className="mt-2 text-sm text-slate-400">{t('affiliateProgramme.dashboard.notApproved')}</p>}
            <div className="mt-4">
              <AffiliateStatusView affiliate={record} />
            </div>
          </section>
        )
      }
    </QueryState>
  );
}

function Figures({ figures }: { figures: AffiliateDashboard }) {
  const { t, language } = useTranslation();
  const { totals } = figures;
  return (
    <div className="max-w-6xl space-y-6">
      <section className="space-y-4" aria-labelledby="affiliate-period">
        <h2 id="affiliate-period" className="font-semibold text-white">
          {t('affiliateProgramme.dashboard.period', { days: PERIOD_DAYS })}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          {(['clicks', 'checkouts', 'sales'] as const).map((key) => (
            <div key={key} className="card p-5" data-testid={`tile-${key}`}>
              <dt className="text-sm text-slate-400">{t(`affiliateProgramme.dashboard.${key}`)}</dt>
              <dd className="mt-1 text-3xl font-bold text-white">{formatNumber(totals[key], language)}</dd>
            </div>
          ))}
        </dl>
        <ActivityChart days={figures.days} />
      </section>
      <p className="text-sm text-slate-400">{t('affiliateProgramme.dashboard.commissionNote')}</p>
      {totals.commission.length === 0 ? (
        <p className="card p-5 text-slate-300">{t('affiliateProgramme.dashboard.noCommission')}</p>
      ) : (
        totals.commission.map((line) => <CommissionTiles key={line.currency} line={line} />)
      )}
      <RecentCommissions commissions={figures.commissions} />
    </div>
  );
}

function CommissionTiles({ line }: { line: CommissionTotals }) {
  const { t, language } = useTranslation();
  return (
    <section aria-labelledby={`commission-${line.currency}-title`} data-testid={`commission-${line.currency}`}>
      <h2 id={`commission-${line.currency}-title`} className="mb-2 font-semibold text-white">
        {t('affiliateProgramme.dashboard.commissionIn', { currency: line.currency })}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {COMMISSION_STATES.map((state) => (
          <div key={state} className="card p-5">
            <dt className="text-sm text-slate-400">{t(`affiliateProgramme.dashboard.states.${state}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-white">{formatMoney(line[state], line.currency, language, { fractionDigits: 2 })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RecentCommissions({ commissions }: { commissions: AffiliateDashboard['commissions'] }) {
  const { t, language } = useTranslation();
  return (
    <section className="card p-5" aria-labelledby="recent-commissions">
      <h2 id="recent-commissions" className="font-semibold text-white">
        {t('affiliateProgramme.dashboard.recent')}
      </h2>
      {commissions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">{t('affiliateProgramme.dashboard.noCommission')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('affiliateProgramme.dashboard.date')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('affiliateProgramme.dashboard.amount')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('affiliateProgramme.dashboard.state')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-700 text-slate-200">
              {commissions.map((c) => (
                <tr key={c.id}>
                  <td className="py-2 pr-4">{formatDate(c.createdAt, language)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(c.amount, c.currency, language, { fractionDigits: 2 })}</td>
                  <td className="py-2">
                    {t(`affiliateProgramme.dashboard.states.${c.state}`)}
                    {c.state === 'pending' && (
                      <span className="block text-xs text-slate-400">
                        {t('affiliateProgramme.dashboard.payableFrom', { date: formatDate(c.payableAt, language) })}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
