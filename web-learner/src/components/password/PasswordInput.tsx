import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  describedBy?: string;
  invalid?: boolean;
}

/** A password field with a Show/Hide toggle that keeps its state announced. */
export function PasswordInput({ id, value, onChange, autoComplete, describedBy, invalid }: Props) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="relative">
      <input
        id={id}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        className="field pr-20"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      />
      <button
        type="button"
        className="absolute inset-y-1 right-1 rounded-lg px-3 text-xs font-semibold text-slate-300 hover:bg-ink-700 hover:text-white"
        onClick={() => setVisible((v) => !v)}
        aria-controls={id}
        aria-pressed={visible}
        aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}
      >
        {visible ? t('password.hide') : t('password.show')}
      </button>
    </div>
  );
}
