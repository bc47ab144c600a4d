import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { useEarlyInput } from '../../components/useEarlyInput';
import { useForgotPassword } from './api/useForgotPassword';
import { AuthFrame, FormAlert } from './AuthFrame';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';

export function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  // Typed into the prerendered page before its script ran.
  useEarlyInput(`${id}-email`, email, setEmail);
  const request = useForgotPassword();
  const { t } = useTranslation();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (email.trim() && !request.isPending) request.mutate(email);
  };

  return (
    <AuthFrame title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {request.isSuccess ? (
        <FormAlert tone="success">{request.data.message}</FormAlert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          {request.isError && <FormAlert>{errorText(request.error, 'email') ?? t('auth.forgot.failed')}</FormAlert>}
          <div>
            <label htmlFor={`${id}-email`} className="label">
              {t('auth.email')}
            </label>
            <input id={`${id}-email`} type="email" autoComplete="email" className="field" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="btn-gold w-full py-3" disabled={!email.trim() || request.isPending}>
            {request.isPending ? (
              <>
                <Spinner /> {t('auth.forgot.sending')}
              </>
            ) : (
              t('auth.forgot.submit')
            )}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-gold-300 hover:underline">
          {t('auth.forgot.backToSignIn')}
        </Link>
      </p>
    </AuthFrame>
  );
}
