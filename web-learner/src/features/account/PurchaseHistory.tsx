import { useId, useState } from 'react';
import { ApiError, errorText } from '../../api/client';
import type { Purchase } from '../../api/types';
import { SupportContact } from '../../components/SupportContact';
import { formatDate, formatMoney } from '../../i18n/format';
import { useDownloadCreditNote } from './api/useDownloadCreditNote';
import { useDownloadReceipt } from './api/useDownloadReceipt';
import { useRequestRefund } from './api/useRequestRefund';
import { useTranslation, type Translate } from '../../i18n/useTranslation';
import '../../i18n/english/account';

/** The payment states a purchase shows by name (i18n: purchases.states.*); any other shows its code. */
const STATE_KEYS: Record<string, string> = { PAID: 'paid', REFUNDED: 'refunded', UNDERPAID: 'underpaid' };

/** How it was paid, in words: "Card", "PayPal", "USDT on Tron (TRC-20)". */
export function paidWithLabel(purchase: Pick<Purchase, 'method' | 'payCurrency' | 'network'>, t: Translate): string {
  if (purchase.method === 'card' || purchase.method === 'paypal') return t(`purchases.methods.${purchase.method}`);
  return t('purchases.paidWith', { currency: purchase.payCurrency, network: purchase.network });
}

/** Outside the refund policy: why (the server's reasons), and who to ask instead of a form that cannot succeed. */
function NotRefundable({ reasons }: { reasons: string[] }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="w-full rounded-xl border border-ink-600 bg-ink-900 p-3 text-sm text-slate-300" data-testid="refund-not-eligible">
      <p className="font-semibold text-white">{t('purchases.notEligible')}</p>
      <ul className="mt-1 list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-400">{t('purchases.policy')}</p>
      <SupportContact className="mt-2" lead={t('purchases.supportLead')} />
    </div>
  );
}

function RefundRequest({ purchase }: { purchase: Purchase }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const refund = useRequestRefund();
  const { t } = useTranslation();

  const request = purchase.refund.request;
  if (request) {
    return (
      <p className="text-sm text-gold-200">
        {request.status === 'declined' && request.decisionReason
          ? t('purchases.requests.declinedWithReason', { reason: request.decisionReason })
          : t(`purchases.requests.${request.status}`)}
      </p>
    );
  }
  if (purchase.state !== 'PAID') return null;
  // Refused on sending (the policy's limits passed since the page loaded): the form closes on the reasons.
  const refused = refund.error instanceof ApiError && refund.error.code === 'REFUND_NOT_ELIGIBLE' ? refund.error.message : null;
  if (!purchase.refund.eligible || refused) {
    return <NotRefundable reasons={purchase.refund.reasons.length > 0 ? purchase.refund.reasons : [refused ?? '']} />;
  }
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

/** The learner's payments with their receipts (and, once refunded, the credit note beside the receipt) and the refund request under the policy. */
export function PurchaseHistory({ purchases }: { purchases: Purchase[] }) {
  const receipt = useDownloadReceipt();
  const creditNote = useDownloadCreditNote();
  const { t, language } = useTranslation();
  if (purchases.length === 0) return <p className="text-sm text-slate-400">{t('purchases.none')}</p>;
  return (
    <ul className="space-y-4">
      {purchases.map((p) => (
        <li key={p.paymentId} className="rounded-xl border border-ink-700 p-4" data-testid="purchase">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold text-white">{t('purchases.title', { amount: formatMoney(p.amount, p.currency, language) })}</p>
            <span className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-200">
              {STATE_KEYS[p.state] ? t(`purchases.states.${STATE_KEYS[p.state]}`) : p.state}
            </span>
          </div>
          <p className="mt-1 text-xs wrap-anywhere text-slate-400">
            {[
              formatDate(p.paidAt ?? p.createdAt, language),
              paidWithLabel(p, t),
              p.receiptNumber ? t('purchases.receipt', { number: p.receiptNumber }) : null,
              p.creditNoteNumber ? t('purchases.creditNote', { number: p.creditNoteNumber }) : null,
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
            {p.state === 'REFUNDED' && p.creditNoteNumber && (
              <button type="button" className="btn-ghost" onClick={() => creditNote.mutate(p.paymentId)} disabled={creditNote.isPending}>
                {t('purchases.downloadCreditNote')}
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
      {creditNote.isError && (
        <p role="alert" className="error-text">
          {creditNote.error.message}
        </p>
      )}
    </ul>
  );
}
