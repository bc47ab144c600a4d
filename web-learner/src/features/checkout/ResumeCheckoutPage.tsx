import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadingBlock } from '../../components/Spinner';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/thank-you';
import { useResumeCheckout } from './api/useResumeCheckout';
import { Frame, Notice } from './ThankYouFrame';

/**
 * Where an abandoned-checkout reminder's link lands (`/checkout/resume?paymentId=…#token=…`,
 * the signature in the fragment so it reaches no server log): the checkout is resumed
 * once and the buyer goes on to pay with the same method.
 */
export function ResumeCheckoutPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const paymentId = params.get('paymentId') ?? '';
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  const resume = useResumeCheckout();
  const { t } = useTranslation();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || !paymentId || !token) return;
    asked.current = true;
    resume.mutate({ paymentId, token }, { onSuccess: (answer) => window.location.assign(answer.paymentUrl) });
  }, [paymentId, token, resume]);

  const newCheckout = (
    <Link to="/payment" className="btn-gold">
      {t('recovery.newCheckout')}
    </Link>
  );
  if (!paymentId || !token) {
    return (
      <Frame>
        <Notice title={t('recovery.invalidTitle')} text={t('recovery.invalidText')} action={newCheckout} />
      </Frame>
    );
  }
  if (resume.isError) {
    const status = resume.error instanceof ApiError ? resume.error.status : 0;
    const title = status === 403 ? t('recovery.invalidTitle') : status === 409 ? t('recovery.endedTitle') : t('recovery.failedTitle');
    return (
      <Frame>
        <Notice title={title} text={resume.error.message} action={newCheckout} support={status !== 403 && status !== 409} />
      </Frame>
    );
  }
  return (
    <Frame>
      <LoadingBlock label={t('recovery.resuming')} />
    </Frame>
  );
}
