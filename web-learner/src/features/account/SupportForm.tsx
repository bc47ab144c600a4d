import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { useSendSupportMessage } from './api/useSendSupportMessage';
import { FormOutcome } from './FormOutcome';

export function SupportForm() {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendSupportMessage();
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate(
          { subject, message },
          {
            onSuccess: () => {
              setSubject('');
              setMessage('');
            },
          },
        );
      }}
    >
      <label htmlFor={`${id}-subject`} className="label">
        {t('account.subject')}
      </label>
      <input id={`${id}-subject`} className="field" value={subject} maxLength={150} onChange={(e) => setSubject(e.target.value)} />
      <label htmlFor={`${id}-message`} className="label mt-4">
        {t('account.message')}
      </label>
      <textarea id={`${id}-message`} className="field min-h-32" value={message} maxLength={5000} onChange={(e) => setMessage(e.target.value)} />
      <button type="submit" className="btn-gold mt-4" disabled={send.isPending || !subject.trim() || !message.trim()}>
        {t('account.sendMessage')}
      </button>
      <FormOutcome
        ok={send.isSuccess ? send.data.message : null}
        error={send.isError ? errorText(send.error, 'message') || errorText(send.error, 'subject') : null}
      />
    </form>
  );
}
