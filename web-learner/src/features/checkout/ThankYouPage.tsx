import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import type { ClaimProof, PayInstructions, PaymentState, PaymentStatus } from '../../api/types';
import { CHECKOUT_KEYS } from '../../auth/session';
import { Logo } from '../../components/Logo';
import { SupportContact } from '../../components/SupportContact';
import { LoadingBlock, Spinner } from '../../components/Spinner';
import { PasswordInput } from '../../components/password/PasswordInput';
import { MIN_STRENGTH, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useCreateAccount } from './api/useCreateAccount';
import { isAwaitingPayment, usePaymentStatus } from './api/usePaymentStatus';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';
import '../../i18n/english/thank-you';

/** The payments that did not complete, each with its title and text (i18n: thankYou.states.<key>). */
const NOT_COMPLETED: Partial<Record<PaymentState, string>> = {
  UNDERPAID: 'underpaid',
  EXPIRED: 'expired',
  FAILED: 'failed',
  MANUAL_REVIEW: 'review',
  REFUNDED: 'refunded',
};

/** "59:58" until the quote expires, updated each second; "expired" after. */
function useCountdown(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  if (left === 0) return 'expired';
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const sec = String(left % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** What to send, where (with the QR code) and until when; an underpaid payment asks for the rest to the same address. */
function SendInstructions({ payTo, topUp }: { payTo: PayInstructions; topUp?: boolean }) {
  const countdown = useCountdown(topUp ? null : payTo.expiresAt);
  const amount = topUp ? payTo.remaining : payTo.amount;
  const { t } = useTranslation();
  return (
    <div className="mt-6 rounded-xl border border-slate-700 bg-slate-900/60 p-4 text-left" data-testid="send-instructions">
      <p className="text-sm text-slate-300">{topUp ? t('thankYou.sendRest') : t('thankYou.sendExactly')}</p>
      <p className="mt-1 font-mono text-xl font-bold text-white" data-testid="send-amount">
        {amount} {payTo.currencyCode}
      </p>
      <p className="mt-3 text-sm text-slate-300">{t('thankYou.toAddress')}</p>
      <p className="mt-1 font-mono text-sm break-all text-white" data-testid="send-address">
        {payTo.address}
      </p>
      <img src={payTo.qrCode} alt={t('thankYou.qr', { address: payTo.address })} className="mx-auto mt-4 h-40 w-40 rounded bg-white p-1" />
      {countdown && (
        <p className="mt-3 text-center text-sm text-gold-200" data-testid="send-countdown">
          {countdown === 'expired' ? t('thankYou.quoteExpired') : t('thankYou.quoteExpires', { countdown })}
        </p>
      )}
    </div>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen px-4 py-8">
      <header className="mx-auto max-w-lg">
        <Logo />
      </header>
      <main className="mx-auto mt-8 max-w-lg">{children}</main>
    </div>
  );
}

function Notice({ title, text, action, support }: { title: string; text: string; action?: React.ReactNode; support?: boolean }) {
  return (
    <section className="card p-8 text-center" aria-labelledby="notice-title">
      <h1 id="notice-title" className="text-2xl font-bold text-white">
        {title}
      </h1>
      <p className="mt-3 text-slate-300">{text}</p>
      {support && <SupportContact />}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}

/**
 * What proves this visitor bought the payment: the emailed link's token (in
 * the URL fragment, which never reaches a server log) or the secret this
 * browser kept at checkout.
 */
function useClaimProof(paymentId: string | null): ClaimProof {
  const { hash } = useLocation();
  const claimToken = new URLSearchParams(hash.replace(/^#/, '')).get('claim') ?? undefined;
  const sameCheckout = paymentId !== null && localStorage.getItem(CHECKOUT_KEYS.paymentId) === paymentId;
  const claimSecret = sameCheckout ? (localStorage.getItem(CHECKOUT_KEYS.claimSecret) ?? undefined) : undefined;
  return { claimToken, claimSecret };
}

export function ThankYouPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId') ?? localStorage.getItem(CHECKOUT_KEYS.paymentId);
  const proof = useClaimProof(paymentId);
  const status = usePaymentStatus(paymentId, proof);
  const { t } = useTranslation();

  const newPayment = (
    <Link to="/payment" className="btn-gold">
      {t('thankYou.newPayment')}
    </Link>
  );

  if (!paymentId) {
    return (
      <Frame>
        <Notice title={t('thankYou.notFound')} text={t('thankYou.notFoundText')} action={newPayment} />
      </Frame>
    );
  }
  if (status.isPending) {
    return (
      <Frame>
        <LoadingBlock label={t('thankYou.checking')} />
      </Frame>
    );
  }
  if (status.isError) {
    // An unknown or malformed payment id (404 or 400) is not something a retry fixes.
    const notFound = status.error instanceof ApiError && (status.error.status === 404 || status.error.status === 400);
    return (
      <Frame>
        <Notice
          title={notFound ? t('thankYou.notFound') : t('thankYou.checkFailed')}
          text={notFound ? t('thankYou.notFoundText') : status.error.message}
          support
          action={
            notFound ? (
              newPayment
            ) : (
              <button type="button" className="btn-gold" onClick={() => void status.refetch()}>
                {t('common.tryAgain')}
              </button>
            )
          }
        />
      </Frame>
    );
  }

  const payment = status.data;
  if (isAwaitingPayment(payment.state)) {
    return (
      <Frame>
        <section className="card p-8 text-center" aria-labelledby="waiting-title">
          <Spinner className="mx-auto h-10 w-10 text-gold-400" />
          <h1 id="waiting-title" className="mt-5 text-2xl font-bold text-white">
            {t('thankYou.waiting')}
          </h1>
          <p className="mt-3 text-slate-300" role="status">
            {t('thankYou.waitingText')}
          </p>
          {payment.payTo && <SendInstructions payTo={payment.payTo} />}
        </section>
      </Frame>
    );
  }
  if (payment.state === 'UNDERPAID' && payment.payTo?.remaining) {
    return (
      <Frame>
        <section className="card p-8 text-center" aria-labelledby="topup-title">
          <h1 id="topup-title" className="text-2xl font-bold text-white">
            {t('thankYou.states.underpaid.title')}
          </h1>
          <p className="mt-3 text-slate-300">
            {t('thankYou.received', { received: payment.payTo.received, amount: payment.payTo.amount, currency: payment.payTo.currencyCode })}
          </p>
          <SendInstructions payTo={payment.payTo} topUp />
          <SupportContact />
          <div className="mt-6">{newPayment}</div>
        </section>
      </Frame>
    );
  }
  const problem = NOT_COMPLETED[payment.state];
  if (problem) {
    return (
      <Frame>
        <Notice
          title={t(`thankYou.states.${problem}.title`)}
          text={t(`thankYou.states.${problem}.text`)}
          action={payment.state === 'MANUAL_REVIEW' ? undefined : newPayment}
          support
        />
      </Frame>
    );
  }
  if (payment.claimed) {
    return (
      <Frame>
        <Notice
          title={t('thankYou.claimed')}
          text={t('thankYou.claimedText')}
          action={
            <Link to="/login" className="btn-gold">
              {t('auth.login.submit')}
            </Link>
          }
        />
      </Frame>
    );
  }
  if (payment.proofOfPurchase && payment.accountExists) {
    return (
      <Frame>
        <Notice
          title={t('thankYou.added')}
          text={payment.email ? t('thankYou.addedTextEmail', { email: payment.email }) : t('thankYou.addedText')}
          action={
            <Link to="/login" className="btn-gold">
              {t('auth.login.submit')}
            </Link>
          }
        />
      </Frame>
    );
  }
  if (!payment.proofOfPurchase || !payment.email) {
    return (
      <Frame>
        <Notice
          title={t('thankYou.success')}
          text={t('thankYou.openLink')}
          action={
            <Link to="/login" className="btn-gold">
              {t('auth.login.submit')}
            </Link>
          }
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <CreateAccountForm payment={{ ...payment, email: payment.email }} proof={proof} />
    </Frame>
  );
}

function CreateAccountForm({ payment, proof }: { payment: PaymentStatus & { email: string }; proof: ClaimProof }) {
  const id = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [existingMessage, setExistingMessage] = useState<string | null>(null);
  const { t } = useTranslation();

  const score = passwordScore(password);
  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && score < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : password, [payment.email]);

  const create = useCreateAccount();
  const canSubmit = password !== '' && confirm !== '' && password === confirm && score >= MIN_STRENGTH && !guessable && !create.isPending;
  // A server answer shows the server's message; a request that got no answer at all, the spec's retry text.
  const failure = create.isError
    ? create.error instanceof ApiError
      ? errorText(create.error, 'password') || t('thankYou.createFailed')
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
      { email: payment.email, password, paymentId: payment.paymentId, ...proof },
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
