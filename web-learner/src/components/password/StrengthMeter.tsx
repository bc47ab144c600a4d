import { useTranslation } from '../../i18n/useTranslation';
import { passwordScore, STRENGTH_CRITERIA, STRENGTH_LEVEL_KEYS, strengthLabel } from './passwordStrength';
import '../../i18n/english/auth';

const BAR_COLOURS = ['bg-rose-500', 'bg-rose-500', 'bg-orange-500', 'bg-yellow-400', 'bg-lime-400', 'bg-emerald-500'];

/** Five segments, the label and the checklist of criteria met. */
export function StrengthMeter({ password, id }: { password: string; id?: string }) {
  const score = passwordScore(password);
  const { t } = useTranslation();
  const label = t(`password.levels.${STRENGTH_LEVEL_KEYS[strengthLabel(score)]}`);
  return (
    <div id={id} className="mt-3" data-testid="strength-meter" data-score={score}>
      <div className="flex gap-1.5" aria-hidden="true">
        {STRENGTH_CRITERIA.map((c, i) => (
          <span key={c.label} className={`h-1.5 flex-1 rounded-full ${i < score ? BAR_COLOURS[score] : 'bg-ink-600'}`} />
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-300" aria-live="polite">
        {t('password.strength')} <strong className="text-white">{label}</strong>
      </p>
      <ul className="mt-2 grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
        {STRENGTH_CRITERIA.map((c) => {
          const met = c.test(password);
          return (
            <li key={c.label} className={met ? 'text-emerald-300' : 'text-slate-400'}>
              <span aria-hidden="true">{met ? '✓' : '○'}</span> {t(`password.criteria.${c.key}`)}
              <span className="sr-only">{met ? t('password.met') : t('password.notMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
