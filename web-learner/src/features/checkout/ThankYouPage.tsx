import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { PaymentState } from '../../api/types';
import { CHECKOUT_KEYS } from '../../auth/session';
import { SupportContact } from '../../components/SupportContact';
import { LoadingBlock, Spinner } from '../../components/Spinner';
import { isAwaitingPayment, usePaymentStatus } from './api/usePaymentStatus';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';
import '../../i18n/english/thank-you';
import { CreateAccountForm } from './CreateAccountForm';
import { SendInstructions } from './SendInstructions';
import { Frame, Notice } from './ThankYouFrame';
import { useClaimProof } from './useClaimProof';

/** The payments that did not complete, each with its title and text (i18n: thankYou.states.<key>). */
const NOT_COMPLETED: Partial<Record<PaymentState, string>> = {
  UNDERPAID: 'underpaid',
  EXPIRED: 'expired',
  FAILED: 'failed',
  MANUAL_REVIEW: 'review',
  REFUNDED: 'refunded',
};

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
    // One way on: send the rest to the same address (the page keeps polling and moves on when it arrives).
    return (
      <Frame>
        <section className="card p-8 text-center" aria-labelledby="topup-title">
          <h1 id="topup-title" className="text-2xl font-bold text-white">
            {t('thankYou.states.underpaid.title')}
          </h1>
          <p className="mt-3 text-slate-300" role="status">
            {t('thankYou.received', { received: payment.payTo.received, amount: payment.payTo.amount, currency: payment.payTo.currencyCode })}
          </p>
          <SendInstructions payTo={payment.payTo} topUp />
          <p className="mt-4 text-sm text-slate-400">{t('thankYou.topUpNote')}</p>
          {payment.payTo.providerPageUrl && (
            <p className="mt-3 text-sm">
              <a href={payment.payTo.providerPageUrl} className="text-gold-200 underline">
                {t('thankYou.providerPage')}
              </a>
            </p>
          )}
          <SupportContact />
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
          action={payment.state === 'MANUAL_REVIEW' || payment.state === 'UNDERPAID' ? undefined : newPayment}
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
