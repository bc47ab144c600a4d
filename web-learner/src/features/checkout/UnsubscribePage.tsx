import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/thank-you';
import { useUnsubscribeFromReminders } from './api/useResumeCheckout';
import { Frame, Notice } from './ThankYouFrame';

/**
 * The reminder's unsubscribe link (`/unsubscribe?email=…&token=…`): asks before
 * unsubscribing, so a link scanner that follows it changes nothing. Mail clients
 * unsubscribe in one click through the List-Unsubscribe header instead.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeFromReminders();
  const { t } = useTranslation();
  const home = (
    <Link to="/" className="btn-gold">
      {t('recovery.backHome')}
    </Link>
  );

  if (!email || !token || unsubscribe.isError) {
    return (
      <Frame>
        <Notice title={t('recovery.unsubscribeTitle')} text={t('recovery.unsubscribeInvalid')} action={home} />
      </Frame>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <Frame>
        <Notice title={t('recovery.unsubscribeTitle')} text={t('recovery.unsubscribeDone', { email: unsubscribe.data.email })} action={home} />
      </Frame>
    );
  }
  return (
    <Frame>
      <Notice
        title={t('recovery.unsubscribeTitle')}
        text={t('recovery.unsubscribeQuestion', { email })}
        action={
          <button type="button" className="btn-gold" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ email, token })}>
            {unsubscribe.isPending && <Spinner />}
            {t('recovery.unsubscribeButton')}
          </button>
        }
      />
    </Frame>
  );
}
