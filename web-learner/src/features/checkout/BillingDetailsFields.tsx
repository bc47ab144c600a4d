import { useId, useMemo, useState } from 'react';
import type { CountryCode } from '../../api/types';
import { useTranslation } from '../../i18n/useTranslation';
import { countryOptions } from './countries';
import type { BillingDetails } from './api/useCreatePayment';
import '../../i18n/english/checkout';

/** The API's field of each detail, where its messages come back (errors.buyerCountry...). */
const SERVER_FIELD = { country: 'buyerCountry', company: 'buyerCompany', address: 'buyerAddress', vatId: 'buyerVatId' } as const;

/**
 * "Need an invoice for your business?": the buyer's country, company, address
 * and VAT ID, all optional, printed on the invoice under "Billed to" (the
 * country also decides the tax the price includes). Closed until asked for,
 * so the checkout stays as short as before for everyone else.
 */
export function BillingDetailsFields({
  value,
  onChange,
  errors,
}: {
  value: BillingDetails;
  onChange: (value: BillingDetails) => void;
  /** The server's field messages of the last checkout attempt. */
  errors: Record<string, string>;
}) {
  const id = useId();
  const { t, language } = useTranslation();
  const hasError = Object.values(SERVER_FIELD).some((field) => errors[field]);
  const [open, setOpen] = useState(false);
  const countries = useMemo(() => countryOptions(language), [language]);
  if (!open && !hasError) {
    return (
      <button type="button" className="block text-sm font-medium text-gold-300 underline underline-offset-2" onClick={() => setOpen(true)}>
        {t('checkout.billing.ask')}
      </button>
    );
  }
  const set = (key: keyof BillingDetails) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange({ ...value, [key]: e.target.value });
  /** The props that tie a field to its server message. */
  const described = (key: keyof BillingDetails) =>
    errors[SERVER_FIELD[key]] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};
  const message = (key: keyof BillingDetails) =>
    errors[SERVER_FIELD[key]] && (
      <p id={`${id}-${key}-error`} className="error-text mt-1.5">
        {errors[SERVER_FIELD[key]]}
      </p>
    );
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-700 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-200">{t('checkout.billing.legend')}</legend>
      <p className="text-xs text-slate-400">{t('checkout.billing.hint')}</p>
      <div>
        <label htmlFor={`${id}-country`} className="label">
          {t('checkout.billing.country')}
        </label>
        <select id={`${id}-country`} className="field" value={value.country} onChange={set('country')} autoComplete="country" {...described('country')}>
          <option value="">{t('checkout.billing.selectCountry')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code satisfies CountryCode}>
              {c.name}
            </option>
          ))}
        </select>
        {message('country')}
      </div>
      <div>
        <label htmlFor={`${id}-company`} className="label">
          {t('checkout.billing.company')}
        </label>
        <input
          id={`${id}-company`}
          className="field"
          value={value.company}
          onChange={set('company')}
          autoComplete="organization"
          maxLength={120}
          {...described('company')}
        />
        {message('company')}
      </div>
      <div>
        <label htmlFor={`${id}-address`} className="label">
          {t('checkout.billing.address')}
        </label>
        <textarea
          id={`${id}-address`}
          className="field"
          rows={3}
          value={value.address}
          onChange={set('address')}
          autoComplete="street-address"
          maxLength={300}
          {...described('address')}
        />
        {message('address')}
      </div>
      <div>
        <label htmlFor={`${id}-vat`} className="label">
          {t('checkout.billing.vatId')}
        </label>
        <input
          id={`${id}-vat`}
          className="field"
          value={value.vatId}
          onChange={set('vatId')}
          placeholder="DE123456789"
          maxLength={40}
          {...described('vatId')}
        />
        {message('vatId')}
      </div>
    </fieldset>
  );
}
