import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { Logo } from '../../components/Logo';
import { LoadingBlock } from '../../components/Spinner';
import { useConfirmEmailChange } from './api/useConfirmEmailChange';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import '../../i18n/english/auth';

/** /confirm-email?token=…: the link sent to a new address; confirming it changes the account's email and signs out everywhere. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  const { t } = useTranslation();

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <div className="min-h-screen px-4 py-8">
      <header className="mx-auto max-w-lg">
        <Logo />
      </header>
      <main className="mx-auto mt-8 max-w-lg">
        <section className="card p-8 text-center" aria-labelledby="confirm-title">
          <h1 id="confirm-title" className="text-2xl font-bold text-white">
            {t('confirmEmail.title')}
          </h1>
          {!token ? (
            <p role="alert" className="mt-3 text-rose-200">
              {t('confirmEmail.incomplete')}
            </p>
          ) : confirm.isSuccess ? (
            <p role="status" className="mt-3 text-emerald-300">
              {confirm.data.message}
            </p>
          ) : confirm.isError ? (
            <p role="alert" className="mt-3 text-rose-200">
              {errorText(confirm.error)}
            </p>
          ) : (
            <LoadingBlock label={t('confirmEmail.confirming')} />
          )}
          {(confirm.isSuccess || confirm.isError || !token) && (
            <Link to="/login" className="btn-gold mt-6">
              {t('auth.login.submit')}
            </Link>
          )}
        </section>
      </main>
    </div>
  );
}
