import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { AccountProfile } from '../../api/types';
import { PasswordInput } from '../../components/password/PasswordInput';
import { MIN_STRENGTH, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import '../../i18n/english/auth';
import { useChangePassword } from './api/useChangePassword';
import { FormOutcome } from './FormOutcome';

export function PasswordForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword();
  const { t } = useTranslation();
  const weak = next !== '' && passwordScore(next) < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : next, [profile.email, profile.name]);
  const mismatch = confirm !== '' && next !== confirm;
  const problem = weak ? t('password.tooWeak') : guessable ? t('password.guessable') : mismatch ? t('password.mismatch') : null;
  const error = change.isError ? errorText(change.error, 'currentPassword') || errorText(change.error, 'newPassword') : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(
          { currentPassword: current, newPassword: next },
          {
            onSuccess: () => {
              setCurrent('');
              setNext('');
              setConfirm('');
            },
          },
        );
      }}
    >
      <label htmlFor={`${id}-current`} className="label">
        {t('account.currentPassword')}
      </label>
      <PasswordInput id={`${id}-current`} autoComplete="current-password" value={current} onChange={setCurrent} />
      <label htmlFor={`${id}-new`} className="label mt-4">
        {t('auth.reset.newPassword')}
      </label>
      <PasswordInput id={`${id}-new`} autoComplete="new-password" value={next} onChange={setNext} describedBy={`${id}-strength`} invalid={Boolean(problem)} />
      <StrengthMeter password={next} id={`${id}-strength`} />
      <label htmlFor={`${id}-confirm`} className="label mt-4">
        {t('auth.reset.confirm')}
      </label>
      <PasswordInput id={`${id}-confirm`} autoComplete="new-password" value={confirm} onChange={setConfirm} invalid={mismatch} />
      {problem && <p className="error-text mt-2">{problem}</p>}
      <button type="submit" className="btn-gold mt-4" disabled={change.isPending || !current || !next || next !== confirm || Boolean(problem)}>
        {t('account.changePassword')}
      </button>
      <FormOutcome ok={change.isSuccess ? t('account.passwordChanged') : null} error={error} />
    </form>
  );
}
