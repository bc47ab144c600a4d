import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { AccountProfile } from '../../api/types';
import { PasswordInput } from '../../components/password/PasswordInput';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { useRequestEmailChange } from './api/useRequestEmailChange';
import { FormOutcome } from './FormOutcome';

export function EmailChangeForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useRequestEmailChange();
  const { t } = useTranslation();
  const error = change.isError ? errorText(change.error, 'newEmail') || errorText(change.error, 'currentPassword') : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate({ newEmail, currentPassword: password }, { onSuccess: () => setPassword('') });
      }}
    >
      <p className="text-sm text-slate-300">
        {t('account.currentEmail')} <strong className="wrap-anywhere text-white">{profile.email}</strong>
      </p>
      <label htmlFor={`${id}-email`} className="label mt-4">
        {t('account.newEmail')}
      </label>
      <input id={`${id}-email`} type="email" className="field" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} autoComplete="email" />
      <label htmlFor={`${id}-password`} className="label mt-4">
        {t('account.currentPassword')}
      </label>
      <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-gold mt-4" disabled={change.isPending || !newEmail.includes('@') || password === ''}>
        {t('account.sendLink')}
      </button>
      <FormOutcome ok={change.isSuccess ? change.data.message : null} error={error} />
    </form>
  );
}
