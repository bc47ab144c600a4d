import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { useSignOutEverywhere } from './api/useSignOutEverywhere';
import { FormOutcome } from './FormOutcome';

/** Sign out of all devices, after a confirmation: it ends this session too. */
export function SessionsCard() {
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm text-slate-300">{t('account.sessionsText')}</p>
      {confirming ? (
        <div role="group" aria-labelledby="sign-out-all-confirm" className="mt-4 rounded-xl border border-gold-500/40 bg-gold-500/10 p-3">
          <p id="sign-out-all-confirm" className="text-sm text-gold-100">
            {t('account.signOutAllConfirm')}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-gold" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              {t('account.signOutAllYes')}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setConfirming(false)} disabled={signOut.isPending}>
              {t('account.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn-ghost mt-4" onClick={() => setConfirming(true)}>
          {t('account.signOutAll')}
        </button>
      )}
      <FormOutcome error={signOut.isError ? signOut.error.message : null} />
    </>
  );
}
