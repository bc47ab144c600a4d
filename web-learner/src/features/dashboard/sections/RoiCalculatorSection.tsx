import { useId, useState } from 'react';
import { computeRoi, type RoiResult } from '../roi';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

const BAND_STYLES: Record<RoiResult['band'], string> = {
  excellent: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  good: 'border-lime-500/40 bg-lime-500/10 text-lime-200',
  'break-even': 'border-gold-500/40 bg-gold-500/10 text-gold-200',
  loss: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
};

export function RoiCalculatorSection() {
  const id = useId();
  const [investment, setInvestment] = useState('');
  const [revenue, setRevenue] = useState('');
  // The figures calculated last; written in the interface language at each render.
  const [calculated, setCalculated] = useState<[string, string] | null>(null);
  const { t, language } = useTranslation();
  const result = calculated && computeRoi(calculated[0], calculated[1], language);

  const calculate = (event: React.FormEvent) => {
    event.preventDefault();
    setCalculated([investment, revenue]);
  };
  const reset = () => {
    setInvestment('');
    setRevenue('');
    setCalculated(null);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form onSubmit={calculate} className="card p-6" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-bold text-white">
          {t('roi.figures')}
        </h2>
        <p className="mt-1 text-sm text-slate-400">{t('roi.figuresText')}</p>
        <div className="mt-6 space-y-5">
          <div>
            <label htmlFor={`${id}-investment`} className="label">
              {t('roi.investment')}
            </label>
            <input
              id={`${id}-investment`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              className="field"
              placeholder="1000"
              value={investment}
              onChange={(e) => setInvestment(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-revenue`} className="label">
              {t('roi.revenue')}
            </label>
            <input
              id={`${id}-revenue`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              className="field"
              placeholder="2500"
              value={revenue}
              onChange={(e) => setRevenue(e.target.value)}
            />
          </div>
        </div>
        <div className="mt-6 flex gap-3">
          <button type="submit" className="btn-gold flex-1">
            {t('roi.calculate')}
          </button>
          <button type="button" className="btn-ghost" onClick={reset}>
            {t('roi.reset')}
          </button>
        </div>
      </form>
      <section className="card p-6" aria-labelledby={`${id}-results`} aria-live="polite">
        <h2 id={`${id}-results`} className="text-lg font-bold text-white">
          {t('roi.results')}
        </h2>
        {result ? (
          <div data-testid="roi-results">
            <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
              <div className="flex flex-col rounded-xl bg-ink-800 p-4">
                <dt className="text-xs text-slate-400">{t('roi.ratio')}</dt>
                <dd className="order-first text-2xl font-bold text-white">{result.ratioText}</dd>
              </div>
              <div className="flex flex-col rounded-xl bg-ink-800 p-4">
                <dt className="text-xs text-slate-400">{t('roi.percentage')}</dt>
                <dd className="order-first text-2xl font-bold text-white">{result.percentText}</dd>
              </div>
              <div className="flex flex-col rounded-xl bg-ink-800 p-4">
                <dt className="text-xs text-slate-400">{result.profit < 0 ? t('roi.loss') : t('roi.profit')}</dt>
                <dd className={`order-first text-2xl font-bold ${result.profit < 0 ? 'text-rose-300' : 'text-emerald-300'}`}>{result.profitText}</dd>
              </div>
            </dl>
            <p className={`mt-5 rounded-xl border p-4 text-sm font-medium ${BAND_STYLES[result.band]}`}>{t(`roi.bands.${result.band}`)}</p>
          </div>
        ) : (
          <p className="mt-6 text-sm text-slate-400">{t('roi.hint')}</p>
        )}
      </section>
    </div>
  );
}
