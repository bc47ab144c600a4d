import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { Purchase } from '../../api/types';
import { useDownloadReceipt } from './api/useDownloadReceipt';
import { useRequestRefund } from './api/useRequestRefund';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';

/** The payment states a purchase shows by name (i18n: purchases.states.*); any other shows its code. */
const STATE_KEYS: Record<string, string> = { PAID: 'paid', REFUNDED: 'refunded', UNDERPAID: 'underpaid' };

const day = (iso: string | null): string => (iso ? new Date(iso).toISOString().slice(0, 10) : '');

function RefundRequest({ purchase }: { purchase: Purchase }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const refund = useRequestRefund();
  const { t } = useTranslation();

  if (purchase.refund.request) return <p className="text-sm text-gold-200">{t(`purchases.requests.${purchase.refund.request.status}`)}</p>;
  if (purchase.state !== 'PAID') return null;
  if (!open)
    return (
      <button type="button" className="btn-ghost" onClick={() => setOpen(true)}>
        {t('purchases.request')}
      </button>
    );
  return (
    <form
      className="mt-2 w-full"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        refund.mutate({ paymentId: purchase.paymentId, reason });
      }}
    >
      <label htmlFor={`${id}-reason`} className="label">
        {t('purchases.reason')}
      </label>
      <textarea id={`${id}-reason`} className="field min-h-20" maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      <p className="mt-2 text-xs text-slate-400">{t('purchases.policy')}</p>
      <button type="submit" className="btn-gold mt-3" disabled={refund.isPending}>
        {t('purchases.send')}
      </button>
      {refund.isError && (
        <p role="alert" className="error-text mt-3">
          {errorText(refund.error)}
        </p>
      )}
    </form>
  );
}

/** The learner's payments with their receipts and the refund request under the policy. */
export function PurchaseHistory({ purchases }: { purchases: Purchase[] }) {
  const receipt = useDownloadReceipt();
  const { t } = useTranslation();
  if (purchases.length === 0) return <p className="text-sm text-slate-400">{t('purchases.none')}</p>;
  return (
    <ul className="space-y-4">
      {purchases.map((p) => (
        <li key={p.paymentId} className="rounded-xl border border-ink-700 p-4" data-testid="purchase">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold text-white">{t('purchases.title', { amount: p.amount, currency: p.currency })}</p>
            <span className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-200">
              {STATE_KEYS[p.state] ? t(`purchases.states.${STATE_KEYS[p.state]}`) : p.state}
            </span>
          </div>
          <p className="mt-1 text-xs text-slate-400">
            {[
              day(p.paidAt ?? p.createdAt),
              t('purchases.paidWith', { currency: p.payCurrency, network: p.network }),
              p.receiptNumber ? t('purchases.receipt', { number: p.receiptNumber }) : null,
              t('purchases.payment', { id: p.paymentId }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            {(p.state === 'PAID' || p.state === 'REFUNDED') && (
              <button type="button" className="btn-ghost" onClick={() => receipt.mutate(p.paymentId)} disabled={receipt.isPending}>
                {t('purchases.download')}
              </button>
            )}
            <RefundRequest purchase={p} />
          </div>
        </li>
      ))}
      {receipt.isError && (
        <p role="alert" className="error-text">
          {receipt.error.message}
        </p>
      )}
    </ul>
  );
}
