import { useEffect, useState } from 'react';
import type { PayInstructions } from '../../api/types';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';
import '../../i18n/english/thank-you';

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

/** A button that copies `text` to the clipboard and says so for a moment. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn-ghost shrink-0 px-3 py-1 text-xs"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      <span aria-live="polite">{copied ? t('thankYou.copied') : label}</span>
    </button>
  );
}

/**
 * What to send, where (with the QR code and copy buttons) and until when; an
 * underpaid payment asks for the rest to the same address. The QR code is the
 * wallet URI with the amount (BIP21-style) where the coin has one, else the address.
 */
export function SendInstructions({ payTo, topUp }: { payTo: PayInstructions; topUp?: boolean }) {
  const countdown = useCountdown(topUp ? null : payTo.expiresAt);
  const amount = (topUp ? payTo.remaining : payTo.amount) ?? payTo.amount;
  const { t } = useTranslation();
  return (
    <div className="mt-6 rounded-xl border border-slate-700 bg-slate-900/60 p-4 text-left" data-testid="send-instructions">
      <p className="text-sm text-slate-300">{topUp ? t('thankYou.sendRest') : t('thankYou.sendExactly')}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <p className="font-mono text-xl font-bold text-white" data-testid="send-amount">
          {amount} {payTo.currencyCode}
        </p>
        <CopyButton text={amount} label={t('thankYou.copyAmount')} />
      </div>
      <p className="mt-3 text-sm text-slate-300">{t('thankYou.toAddress')}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <p className="min-w-0 font-mono text-sm break-all text-white" data-testid="send-address">
          {payTo.address}
        </p>
        <CopyButton text={payTo.address} label={t('thankYou.copyAddress')} />
      </div>
      <img
        src={payTo.qrCode}
        alt={
          payTo.paymentUri
            ? t('thankYou.qrSend', { amount, currency: payTo.currencyCode, address: payTo.address })
            : t('thankYou.qr', { address: payTo.address })
        }
        className="mx-auto mt-4 h-40 w-40 rounded bg-white p-1"
      />
      {payTo.paymentUri && (
        <p className="mt-3 text-center text-sm">
          <a href={payTo.paymentUri} className="text-gold-200 underline">
            {t('thankYou.openWallet')}
          </a>
        </p>
      )}
      {countdown && (
        <p className="mt-3 text-center text-sm text-gold-200" data-testid="send-countdown">
          {countdown === 'expired' ? t('thankYou.quoteExpired') : t('thankYou.quoteExpires', { countdown })}
        </p>
      )}
    </div>
  );
}
