import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { MIN_STRENGTH, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useResetLink } from './api/useResetLink';
import { useResetPassword } from './api/useResetPassword';
import { AuthFrame, FormAlert } from './AuthFrame';
import { PasswordInput } from '../../components/password/PasswordInput';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';

export function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useResetPassword();
  const link = useResetLink(token);
  const { t } = useTranslation();

  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && passwordScore(password) < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : password);
  const canSubmit = Boolean(token) && password !== '' && password === confirm && !weak && !guessable && !reset.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (canSubmit) reset.mutate({ token, password });
  };

  if (!token) {
    return (
      <AuthFrame title={t('auth.reset.title')}>
        <FormAlert>{t('auth.reset.incomplete')}</FormAlert>
        <Link to="/forgot-password" className="btn-gold mt-6 w-full">
          {t('auth.reset.askNew')}
        </Link>
      </AuthFrame>
    );
  }

  // A used or expired link says so when it is opened, not after a password was typed.
  if (link.isError && !reset.isSuccess) {
    return (
      <AuthFrame title={t('auth.reset.title')}>
        <FormAlert>{errorText(link.error) ?? t('auth.reset.invalid')}</FormAlert>
        <Link to="/forgot-password" className="btn-gold mt-6 w-full">
          {t('auth.reset.askNew')}
        </Link>
      </AuthFrame>
    );
  }

  if (link.isPending) {
    return (
      <AuthFrame title={t('auth.reset.chooseTitle')}>
        <p role="status" className="flex items-center justify-center gap-2 text-slate-300">
          <Spinner /> {t('auth.reset.checking')}
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('auth.reset.chooseTitle')}>
      {reset.isSuccess ? (
        <>
          <FormAlert tone="success">{reset.data.message}</FormAlert>
          <Link to="/login" className="btn-gold mt-6 w-full">
            {t('auth.reset.signIn')}
          </Link>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          {reset.isError && <FormAlert>{errorText(reset.error, 'password') ?? t('auth.reset.failed')}</FormAlert>}
          <div>
            <label htmlFor={`${id}-password`} className="label">
              {t('auth.reset.newPassword')}
            </label>
            <PasswordInput id={`${id}-password`} autoComplete="new-password" value={password} onChange={setPassword} describedBy={`${id}-strength`} />
            <StrengthMeter password={password} id={`${id}-strength`} />
            {(weak || guessable) && <p className="error-text mt-2">{weak ? t('password.tooWeak') : t('password.guessable')}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-confirm`} className="label">
              {t('auth.reset.confirm')}
            </label>
            <PasswordInput id={`${id}-confirm`} autoComplete="new-password" value={confirm} onChange={setConfirm} invalid={mismatch} />
            {mismatch && <p className="error-text mt-1.5">{t('password.mismatch')}</p>}
          </div>
          <button type="submit" className="btn-gold w-full py-3" disabled={!canSubmit}>
            {reset.isPending ? (
              <>
                <Spinner /> {t('auth.reset.saving')}
              </>
            ) : (
              t('auth.reset.submit')
            )}
          </button>
        </form>
      )}
    </AuthFrame>
  );
}
