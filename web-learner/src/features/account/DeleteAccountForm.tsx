import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import { PasswordInput } from '../../components/password/PasswordInput';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { useDeleteAccount } from './api/useDeleteAccount';
import { FormOutcome } from './FormOutcome';

export function DeleteAccountForm() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const remove = useDeleteAccount();
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate({ currentPassword: password, confirm });
      }}
    >
      <p className="text-sm text-slate-300">{t('account.deleteText')}</p>
      <label htmlFor={`${id}-password`} className="label mt-4">
        {t('account.currentPassword')}
      </label>
      <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
      <label htmlFor={`${id}-confirm`} className="label mt-4">
        {t('account.typeDelete')}
      </label>
      <input id={`${id}-confirm`} className="field" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="off" />
      <button
        type="submit"
        className="mt-4 rounded-xl bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-50"
        disabled={remove.isPending || !password || confirm !== 'DELETE'}
      >
        {t('account.deleteSubmit')}
      </button>
      <FormOutcome error={remove.isError ? errorText(remove.error, 'currentPassword') : null} />
    </form>
  );
}
