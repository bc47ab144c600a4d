import { useEffect, useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { AccountProfile } from '../../api/types';
import { PasswordInput } from '../../components/password/PasswordInput';
import { MIN_STRENGTH, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useChangePassword } from './api/useChangePassword';
import { useDeleteAccount } from './api/useDeleteAccount';
import { useRenameProfile } from './api/useRenameProfile';
import { useRequestEmailChange } from './api/useRequestEmailChange';
import { useSendSupportMessage } from './api/useSendSupportMessage';
import { useSetLanguage } from './api/useSetLanguage';
import { useSignOutEverywhere } from './api/useSignOutEverywhere';
import { LANGUAGES, switchLanguage, type Language } from '../../i18n/language';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import '../../i18n/english/auth';

export function Panel({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section className="card p-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Outcome({ ok, error }: { ok?: string | null; error?: string | null }) {
  if (error)
    return (
      <p role="alert" className="error-text mt-3">
        {error}
      </p>
    );
  if (ok)
    return (
      <p role="status" className="mt-3 text-sm text-emerald-300">
        {ok}
      </p>
    );
  return null;
}

export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [name, setName] = useState(profile.name);
  const rename = useRenameProfile();
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(name);
      }}
    >
      <label htmlFor={`${id}-name`} className="label">
        {t('account.name')}
      </label>
      <input
        id={`${id}-name`}
        className="field"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        aria-describedby={`${id}-name-hint`}
      />
      <p id={`${id}-name-hint`} className="mt-1.5 text-xs text-slate-400">
        {t('account.nameHint')}
      </p>
      <button type="submit" className="btn-gold mt-4" disabled={rename.isPending || name.trim() === '' || name.trim() === profile.name}>
        {t('account.saveName')}
      </button>
      <Outcome ok={rename.isSuccess ? t('account.nameSaved') : null} error={rename.isError ? errorText(rename.error, 'name') : null} />
    </form>
  );
}

/** Each language named in itself, as a reader of it looks for it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };

/** The account's language (the interface's until one is saved): mails, receipts and certificates use it, and the site follows it. */
export function LanguageForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const { t, language: shown } = useTranslation();
  const saved = (profile.language ?? null) as Language | null;
  const [language, setLanguage] = useState<Language>(saved ?? ((LANGUAGES as readonly string[]).includes(shown) ? (shown as Language) : 'en'));
  const save = useSetLanguage();
  // The interface follows the account's language (saved on another device, or before this page loaded).
  useEffect(() => {
    if (saved && saved !== shown) switchLanguage(saved).catch(() => undefined);
  }, [saved, shown]);
  return (
    <form
      noValidate
      className="mt-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(language);
      }}
    >
      <label htmlFor={`${id}-language`} className="label">
        {t('account.language')}
      </label>
      <select
        id={`${id}-language`}
        className="field"
        value={language}
        onChange={(e) => setLanguage(e.target.value as Language)}
        aria-describedby={`${id}-language-hint`}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <p id={`${id}-language-hint`} className="mt-1.5 text-xs text-slate-400">
        {t('account.languageHint')}
      </p>
      <button type="submit" className="btn-gold mt-4" disabled={save.isPending || language === saved}>
        {t('account.saveLanguage')}
      </button>
      <Outcome ok={save.isSuccess ? t('account.languageSaved') : null} error={save.isError ? errorText(save.error, 'language') : null} />
    </form>
  );
}

export function EmailChangeForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useRequestEmailChange();
  const { t } = useTranslation();
  const error = change.isError ? errorText(change.error, 'newEmail') || errorText(change.error, 'currentPassword') : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate({ newEmail, currentPassword: password }, { onSuccess: () => setPassword('') });
      }}
    >
      <p className="text-sm text-slate-300">
        {t('account.currentEmail')} <strong className="wrap-anywhere text-white">{profile.email}</strong>
      </p>
      <label htmlFor={`${id}-email`} className="label mt-4">
        {t('account.newEmail')}
      </label>
      <input id={`${id}-email`} type="email" className="field" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} autoComplete="email" />
      <label htmlFor={`${id}-password`} className="label mt-4">
        {t('account.currentPassword')}
      </label>
      <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-gold mt-4" disabled={change.isPending || !newEmail.includes('@') || password === ''}>
        {t('account.sendLink')}
      </button>
      <Outcome ok={change.isSuccess ? change.data.message : null} error={error} />
    </form>
  );
}

export function PasswordForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword();
  const { t } = useTranslation();
  const weak = next !== '' && passwordScore(next) < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : next, [profile.email, profile.name]);
  const mismatch = confirm !== '' && next !== confirm;
  const problem = weak ? t('password.tooWeak') : guessable ? t('password.guessable') : mismatch ? t('password.mismatch') : null;
  const error = change.isError ? errorText(change.error, 'currentPassword') || errorText(change.error, 'newPassword') : null;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(
          { currentPassword: current, newPassword: next },
          {
            onSuccess: () => {
              setCurrent('');
              setNext('');
              setConfirm('');
            },
          },
        );
      }}
    >
      <label htmlFor={`${id}-current`} className="label">
        {t('account.currentPassword')}
      </label>
      <PasswordInput id={`${id}-current`} autoComplete="current-password" value={current} onChange={setCurrent} />
      <label htmlFor={`${id}-new`} className="label mt-4">
        {t('auth.reset.newPassword')}
      </label>
      <PasswordInput id={`${id}-new`} autoComplete="new-password" value={next} onChange={setNext} describedBy={`${id}-strength`} invalid={Boolean(problem)} />
      <StrengthMeter password={next} id={`${id}-strength`} />
      <label htmlFor={`${id}-confirm`} className="label mt-4">
        {t('auth.reset.confirm')}
      </label>
      <PasswordInput id={`${id}-confirm`} autoComplete="new-password" value={confirm} onChange={setConfirm} invalid={mismatch} />
      {problem && <p className="error-text mt-2">{problem}</p>}
      <button type="submit" className="btn-gold mt-4" disabled={change.isPending || !current || !next || next !== confirm || Boolean(problem)}>
        {t('account.changePassword')}
      </button>
      <Outcome ok={change.isSuccess ? t('account.passwordChanged') : null} error={error} />
    </form>
  );
}

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
      <Outcome error={signOut.isError ? signOut.error.message : null} />
    </>
  );
}

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
      <Outcome
        ok={send.isSuccess ? send.data.message : null}
        error={send.isError ? errorText(send.error, 'message') || errorText(send.error, 'subject') : null}
      />
    </form>
  );
}

export function DeleteAccountForm() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const remove = useDeleteAccount();
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate({ currentPassword: password, confirm });
      }}
    >
      <p className="text-sm text-slate-300">{t('account.deleteText')}</p>
      <label htmlFor={`${id}-password`} className="label mt-4">
        {t('account.currentPassword')}
      </label>
      <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
      <label htmlFor={`${id}-confirm`} className="label mt-4">
        {t('account.typeDelete')}
      </label>
      <input id={`${id}-confirm`} className="field" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="off" />
      <button
        type="submit"
        className="mt-4 rounded-xl bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-50"
        disabled={remove.isPending || !password || confirm !== 'DELETE'}
      >
        {t('account.deleteSubmit')}
      </button>
      <Outcome error={remove.isError ? errorText(remove.error, 'currentPassword') : null} />
    </form>
  );
}
