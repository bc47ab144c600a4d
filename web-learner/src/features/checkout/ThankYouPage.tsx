import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createAccount } from '../../api/auth';
import { ApiError, errorText } from '../../api/client';
import { fetchPaymentStatus } from '../../api/payments';
import { queryKeys } from '../../api/queries';
import type { PaymentState, PaymentStatus } from '../../api/types';
import { CHECKOUT_KEYS, forgetCheckout, startSession } from '../../auth/session';
import { Logo } from '../../components/Logo';
import { LoadingBlock, Spinner } from '../../components/Spinner';
import { PasswordInput } from '../auth/PasswordInput';
import { MIN_STRENGTH, PASSWORD_MESSAGES, passwordScore } from './passwordStrength';
import { StrengthMeter } from './StrengthMeter';

const POLL_MS = 3000;
const PENDING: PaymentState[] = ['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING'];

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

function Notice({ title, text, action }: { title: string; text: string; action?: React.ReactNode }) {
  return (
    <section className="card p-8 text-center" aria-labelledby="notice-title">
      <h1 id="notice-title" className="text-2xl font-bold text-white">
        {title}
      </h1>
      <p className="mt-3 text-slate-300">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}

export function ThankYouPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId') ?? localStorage.getItem(CHECKOUT_KEYS.paymentId);
  const status = useQuery({
    queryKey: ['payment-status', paymentId],
    queryFn: () => fetchPaymentStatus(paymentId!),
    enabled: Boolean(paymentId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && PENDING.includes(query.state.data.state) ? POLL_MS : false),
  });

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
          action={notFound ? newPayment : <button type="button" className="btn-gold" onClick={() => void status.refetch()}>Try Again</button>}
        />
      </Frame>
    );
  }

  const payment = status.data;
  if (PENDING.includes(payment.state)) {
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
        </section>
      </Frame>
    );
  }
  const problem = NOT_COMPLETED[payment.state];
  if (problem) {
    return (
      <Frame>
        <Notice title={problem.title} text={problem.text} action={payment.state === 'MANUAL_REVIEW' ? undefined : newPayment} />
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
  return (
    <Frame>
      <CreateAccountForm payment={payment} />
    </Frame>
  );
}

function CreateAccountForm({ payment }: { payment: PaymentStatus }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [existingMessage, setExistingMessage] = useState<string | null>(null);

  const score = passwordScore(password);
  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && score < MIN_STRENGTH;

  const create = useMutation({
    mutationFn: async () => {
      const answer = await createAccount({ email: payment.email, password, paymentId: payment.paymentId });
      // Answered, but not created: the server's message, or the spec's text when it gave none.
      if (!answer.success) throw new ApiError(200, answer.message || PASSWORD_MESSAGES.failed);
      return answer;
    },
    onSuccess: (answer) => {
      forgetCheckout();
      if (answer.token && answer.user) {
        startSession(answer.token, answer.user.email);
        queryClient.setQueryData(queryKeys.me, answer.user);
        navigate('/dashboard', { replace: true });
      } else {
        setExistingMessage(answer.message ?? 'This purchase was added to your existing account. Please sign in.');
      }
    },
  });
  const canSubmit = password !== '' && confirm !== '' && password === confirm && score >= MIN_STRENGTH && !create.isPending;
  // A server answer shows the server's message; a request that got no answer at all, the spec's retry text.
  const failure = create.isError
    ? create.error instanceof ApiError
      ? (errorText(create.error, 'password') || PASSWORD_MESSAGES.failed)
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
    create.mutate();
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
            describedBy={`${id}-strength${weak ? ` ${id}-weak` : ''}`}
            invalid={weak}
          />
          <StrengthMeter password={password} id={`${id}-strength`} />
          {weak && (
            <p id={`${id}-weak`} className="error-text mt-2">
              {PASSWORD_MESSAGES.weak}
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
