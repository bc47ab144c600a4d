import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../api/client';
import type { ClaimProof, PayInstructions, PaymentState, PaymentStatus } from '../../api/types';
import { CHECKOUT_KEYS } from '../../auth/session';
import { Logo } from '../../components/Logo';
import { SupportContact } from '../../components/SupportContact';
import { LoadingBlock, Spinner } from '../../components/Spinner';
import { PasswordInput } from '../../components/password/PasswordInput';
import { MIN_STRENGTH, PASSWORD_MESSAGES, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { GUESSABLE_MESSAGE, usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useCreateAccount } from './api/useCreateAccount';
import { isAwaitingPayment, usePaymentStatus } from './api/usePaymentStatus';

const NOT_COMPLETED: Partial<Record<PaymentState, { title: string; text: string }>> = {
  UNDERPAID: {
    title: 'Payment incomplete',
    text: 'The amount received was lower than the price, so access could not be granted. Please contact support or start a new payment.',
  },
  EXPIRED: { title: 'Payment expired', text: 'The payment window closed before the payment arrived. You can start a new payment.' },
  FAILED: { title: 'Payment failed', text: 'The payment processor reported that this payment failed. You can start a new payment.' },
  MANUAL_REVIEW: { title: 'Payment under review', text: 'Your payment needs a manual check by our team. We will email you once it is confirmed.' },
  REFUNDED: { title: 'Payment refunded', text: 'This payment has been refunded, so it cannot be used to create an account.' },
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
  return (
    <div className="mt-6 rounded-xl border border-slate-700 bg-slate-900/60 p-4 text-left" data-testid="send-instructions">
      <p className="text-sm text-slate-300">{topUp ? 'Send the rest to the same address to complete your payment:' : 'Send exactly:'}</p>
      <p className="mt-1 font-mono text-xl font-bold text-white" data-testid="send-amount">
        {amount} {payTo.currencyCode}
      </p>
      <p className="mt-3 text-sm text-slate-300">To this address:</p>
      <p className="mt-1 font-mono text-sm break-all text-white" data-testid="send-address">
        {payTo.address}
      </p>
      <img src={payTo.qrCode} alt={`QR code of the address ${payTo.address}`} className="mx-auto mt-4 h-40 w-40 rounded bg-white p-1" />
      {countdown && (
        <p className="mt-3 text-center text-sm text-gold-200" data-testid="send-countdown">
          {countdown === 'expired' ? 'This quote has expired.' : `Quote expires in ${countdown}`}
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

  const newPayment = (
    <Link to="/payment" className="btn-gold">
      Start a new payment
    </Link>
  );

  if (!paymentId) {
    return (
      <Frame>
        <Notice title="No payment found" text="We could not find a payment to create your account from." action={newPayment} />
      </Frame>
    );
  }
  if (status.isPending) {
    return (
      <Frame>
        <LoadingBlock label="Checking your payment..." />
      </Frame>
    );
  }
  if (status.isError) {
    // An unknown or malformed payment id (404 or 400) is not something a retry fixes.
    const notFound = status.error instanceof ApiError && (status.error.status === 404 || status.error.status === 400);
    return (
      <Frame>
        <Notice
          title={notFound ? 'No payment found' : 'We could not check your payment'}
          text={notFound ? 'We could not find a payment to create your account from.' : status.error.message}
          support
          action={
            notFound ? (
              newPayment
            ) : (
              <button type="button" className="btn-gold" onClick={() => void status.refetch()}>
                Try Again
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
            Waiting for payment confirmation
          </h1>
          <p className="mt-3 text-slate-300" role="status">
            Your payment has not been confirmed by the network yet. This page updates automatically as soon as it is.
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
            Payment incomplete
          </h1>
          <p className="mt-3 text-slate-300">
            We received {payment.payTo.received} {payment.payTo.currencyCode} of {payment.payTo.amount} {payment.payTo.currencyCode}. Send the rest and this
            page updates as soon as it arrives.
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
        <Notice title={problem.title} text={problem.text} action={payment.state === 'MANUAL_REVIEW' ? undefined : newPayment} support />
      </Frame>
    );
  }
  if (payment.claimed) {
    return (
      <Frame>
        <Notice
          title="Account already created"
          text="An account has already been created with this payment. Sign in to continue learning."
          action={
            <Link to="/login" className="btn-gold">
              Sign In
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
          title="Purchase added to your account"
          text={`Payment Successful! Lifetime access was added to your existing account${payment.email ? ` (${payment.email})` : ''}. Sign in to continue learning.`}
          action={
            <Link to="/login" className="btn-gold">
              Sign In
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
          title="Payment Successful!"
          text="To create your account on this device, open the “Finish creating your account” link we emailed to the address you paid with. Already have an account? Sign in."
          action={
            <Link to="/login" className="btn-gold">
              Sign In
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

  const score = passwordScore(password);
  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && score < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : password, [payment.email]);

  const create = useCreateAccount();
  const canSubmit = password !== '' && confirm !== '' && password === confirm && score >= MIN_STRENGTH && !guessable && !create.isPending;
  // A server answer shows the server's message; a request that got no answer at all, the spec's retry text.
  const failure = create.isError
    ? create.error instanceof ApiError
      ? errorText(create.error, 'password') || PASSWORD_MESSAGES.failed
      : PASSWORD_MESSAGES.rejected
    : null;

  if (existingMessage) {
    return (
      <Notice
        title="Purchase added to your account"
        text={existingMessage}
        action={
          <Link to="/login" className="btn-gold">
            Sign In
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
          else setExistingMessage(answer.message || 'This purchase was added to your existing account. Please sign in.');
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
        <p className="mt-4 text-2xl font-bold text-emerald-300">Payment Successful!</p>
        <h1 id={`${id}-title`} className="mt-2 text-xl font-semibold text-white">
          Create Your Account
        </h1>
        <p className="mt-2 text-sm text-slate-400">Set a password to access your courses and members' area.</p>
      </div>
      <div className="mt-8 space-y-5">
        <div>
          <label htmlFor={`${id}-email`} className="label">
            Email address
          </label>
          <input id={`${id}-email`} type="email" className="field" value={payment.email} readOnly aria-readonly="true" />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="label">
            Password
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
              {weak ? PASSWORD_MESSAGES.weak : GUESSABLE_MESSAGE}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-confirm`} className="label">
            Confirm Password
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
              {PASSWORD_MESSAGES.mismatch}
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
            <Spinner /> Creating Account...
          </>
        ) : (
          'Create Account'
        )}
      </button>
    </form>
  );
}
