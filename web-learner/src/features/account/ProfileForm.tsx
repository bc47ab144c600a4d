import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { AccountProfile } from '../../api/types';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { useRenameProfile } from './api/useRenameProfile';
import { FormOutcome } from './FormOutcome';

export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [name, setName] = useState(profile.name);
  const rename = useRenameProfile();
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(name);
      }}
    >
      <label htmlFor={`${id}-name`} className="label">
        {t('account.name')}
      </label>
      <input
        id={`${id}-name`}
        className="field"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        aria-describedby={`${id}-name-hint`}
      />
      <p id={`${id}-name-hint`} className="mt-1.5 text-xs text-slate-400">
        {t('account.nameHint')}
      </p>
      <button type="submit" className="btn-gold mt-4" disabled={rename.isPending || name.trim() === '' || name.trim() === profile.name}>
        {t('account.saveName')}
      </button>
      <FormOutcome ok={rename.isSuccess ? t('account.nameSaved') : null} error={rename.isError ? errorText(rename.error, 'name') : null} />
    </form>
  );
}
