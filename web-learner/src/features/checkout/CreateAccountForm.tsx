import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import type { ClaimProof, PaymentStatus } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import { PasswordInput } from '../../components/password/PasswordInput';
import { MIN_STRENGTH, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useCreateAccount } from './api/useCreateAccount';
import { Notice } from './ThankYouFrame';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';
import '../../i18n/english/thank-you';

export function CreateAccountForm({ payment, proof }: { payment: PaymentStatus & { email: string }; proof: ClaimProof }) {
  const id = useId();
  const navigate = useNavigate();
  // Certificates and receipts print this name: the payer's name when the card or PayPal provider gave one, else typed in.
  const [name, setName] = useState(payment.payerName ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [existingMessage, setExistingMessage] = useState<string | null>(null);
  const { t } = useTranslation();

  const score = passwordScore(password);
  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && score < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : password, [payment.email]);

  const create = useCreateAccount();
  const nameMissing = name.trim() === '';
  const canSubmit = !nameMissing && password !== '' && confirm !== '' && password === confirm && score >= MIN_STRENGTH && !guessable && !create.isPending;
  // A server answer shows the server's message; a request that got no answer at all, the spec's retry text.
  const failure = create.isError
    ? create.error instanceof ApiError
      ? create.error.errors.name || errorText(create.error, 'password') || t('thankYou.createFailed')
      : t('thankYou.createRejected')
    : null;

  if (existingMessage) {
    return (
      <Notice
        title={t('thankYou.added')}
        text={existingMessage}
        action={
          <Link to="/login" className="btn-gold">
            {t('auth.login.submit')}
          </Link>
        }
      />
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    create.mutate(
      { email: payment.email, name: name.trim(), password, paymentId: payment.paymentId, ...proof },
      {
        onSuccess: (answer) => {
          if ('token' in answer) void navigate('/dashboard', { replace: true });
          else setExistingMessage(answer.message || t('thankYou.addedSignIn'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card p-6 sm:p-8" aria-labelledby={`${id}-title`}>
      <div className="text-center">
        <div aria-hidden="true" className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-emerald-500/15 text-2xl text-emerald-300">
          ✓
        </div>
        <p className="mt-4 text-2xl font-bold text-emerald-300">{t('thankYou.success')}</p>
        <h1 id={`${id}-title`} className="mt-2 text-xl font-semibold text-white">
          {t('thankYou.createTitle')}
        </h1>
        <p className="mt-2 text-sm text-slate-400">{t('thankYou.createText')}</p>
      </div>
      <div className="mt-8 space-y-5">
        <div>
          <label htmlFor={`${id}-email`} className="label">
            {t('auth.email')}
          </label>
          <input id={`${id}-email`} type="email" className="field" value={payment.email} readOnly aria-readonly="true" />
        </div>
        <div>
          <label htmlFor={`${id}-name`} className="label">
            {t('thankYou.fullName')}
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className="field"
            autoComplete="name"
            maxLength={120}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setNameTouched(true)}
            aria-invalid={nameTouched && nameMissing}
            aria-describedby={`${id}-name-hint${nameTouched && nameMissing ? ` ${id}-name-missing` : ''}`}
          />
          <p id={`${id}-name-hint`} className="mt-1.5 text-xs text-slate-400">
            {t('thankYou.fullNameHint')}
          </p>
          {nameTouched && nameMissing && (
            <p id={`${id}-name-missing`} className="error-text mt-1.5">
              {t('thankYou.nameRequired')}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="label">
            {t('auth.password')}
          </label>
          <PasswordInput
            id={`${id}-password`}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            describedBy={`${id}-strength${weak || guessable ? ` ${id}-weak` : ''}`}
            invalid={weak || guessable}
          />
          <StrengthMeter password={password} id={`${id}-strength`} />
          {(weak || guessable) && (
            <p id={`${id}-weak`} className="error-text mt-2">
              {weak ? t('password.tooWeak') : t('password.guessable')}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-confirm`} className="label">
            {t('thankYou.confirmPassword')}
          </label>
          <PasswordInput
            id={`${id}-confirm`}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            describedBy={mismatch ? `${id}-mismatch` : undefined}
            invalid={mismatch}
          />
          {mismatch && (
            <p id={`${id}-mismatch`} className="error-text mt-1.5">
              {t('password.mismatch')}
            </p>
          )}
        </div>
      </div>
      {failure && (
        <p role="alert" className="mt-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
          {failure}
        </p>
      )}
      <button type="submit" className="btn-gold mt-8 w-full py-3.5 text-base" disabled={!canSubmit}>
        {create.isPending ? (
          <>
            <Spinner /> {t('thankYou.creating')}
          </>
        ) : (
          t('thankYou.create')
        )}
      </button>
    </form>
  );
}
