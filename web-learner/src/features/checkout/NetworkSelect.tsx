import { useId } from 'react';
import type { Currency, PublicCurrency } from '../../api/types';
import { networksFor } from './networks';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/checkout';

export interface Selection {
  currency: string;
  network: string;
}

interface Props {
  currencies: Currency[];
  currenciesLoading?: boolean;
  offered?: PublicCurrency[];
  value: Selection;
  onChange: (value: Selection) => void;
  onBlur?: () => void;
  message?: string | null;
}

/** Cryptocurrency and blockchain network: choosing another currency clears the network. */
export function NetworkSelect({ currencies, currenciesLoading, offered, value, onChange, onBlur, message }: Props) {
  const id = useId();
  const networks = networksFor(value.currency, offered);
  const describedBy = message ? `${id}-error` : undefined;

  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <div>
        <label htmlFor={`${id}-currency`} className="label">
          {t('checkout.currency')}
        </label>
        <select
          id={`${id}-currency`}
          className="field"
          value={value.currency}
          onChange={(e) => onChange({ currency: e.target.value, network: '' })}
          onBlur={onBlur}
          aria-invalid={message && !value.currency ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">{currenciesLoading ? t('checkout.loadingCurrencies') : t('checkout.selectCurrency')}</option>
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-network`} className="label">
          {t('checkout.network')}
        </label>
        <select
          id={`${id}-network`}
          className="field"
          value={value.network}
          disabled={!value.currency}
          onChange={(e) => onChange({ ...value, network: e.target.value })}
          onBlur={onBlur}
          aria-invalid={message && value.currency && !value.network ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">{value.currency ? t('checkout.selectNetwork') : t('checkout.currencyFirst')}</option>
          {networks.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {message && (
        <p id={`${id}-error`} className="error-text">
          {message}
        </p>
      )}
    </div>
  );
}
