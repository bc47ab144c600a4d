import type { AffiliateDashboard } from '../../../api/types';
import { formatDate, formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';

type Day = AffiliateDashboard['days'][number];

/** The three series, each with its colour (the legend's and the line's). */
const SERIES = [
  { key: 'clicks', className: 'text-sky-400' },
  { key: 'checkouts', className: 'text-gold-400' },
  { key: 'sales', className: 'text-emerald-400' },
] as const;

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 8;

/** Clicks, checkouts started and sales per day as lines on one scale (plain SVG: the learner app carries no chart library). */
export function ActivityChart({ days }: { days: Day[] }) {
  const { t, language } = useTranslation();
  const top = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const x = (i: number) => PAD + (days.length > 1 ? (i * (WIDTH - 2 * PAD)) / (days.length - 1) : (WIDTH - 2 * PAD) / 2);
  const y = (value: number) => HEIGHT - PAD - (value * (HEIGHT - 2 * PAD)) / top;
  return (
    <figure className="card p-5">
      <figcaption className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-semibold text-white">{t('affiliateProgramme.dashboard.chart')}</span>
        <ul className="flex flex-wrap gap-4 text-xs text-slate-300">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block h-2 w-4 rounded-sm bg-current ${s.className}`} />
              {t(`affiliateProgramme.dashboard.${s.key}`)}
            </li>
          ))}
        </ul>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-4 h-44 w-full" preserveAspectRatio="none" aria-hidden="true" data-testid="activity-chart">
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="stroke-ink-700" strokeWidth={1} />
        {SERIES.map((s) => (
          <polyline
            key={s.key}
            className={s.className}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
          />
        ))}
      </svg>
      {days.length > 0 && (
        <div className="mt-1 flex justify-between text-xs text-slate-400">
          <span>{formatDate(days[0].day, language)}</span>
          <span>{formatDate(days[days.length - 1].day, language)}</span>
        </div>
      )}
      {/* The figures behind the lines, for a screen reader. */}
      <table className="sr-only">
        <caption>{t('affiliateProgramme.dashboard.chart')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('affiliateProgramme.dashboard.date')}</th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col">
                {t(`affiliateProgramme.dashboard.${s.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDate(d.day, language)}</th>
              {SERIES.map((s) => (
                <td key={s.key}>{formatNumber(d[s.key], language)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
