import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { AccountProfile } from '../../api/types';
import { PasswordInput } from '../../components/password/PasswordInput';
import { MIN_STRENGTH, PASSWORD_MESSAGES, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { GUESSABLE_MESSAGE, usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useChangePassword } from './api/useChangePassword';
import { useDeleteAccount } from './api/useDeleteAccount';
import { useRenameProfile } from './api/useRenameProfile';
import { useRequestEmailChange } from './api/useRequestEmailChange';
import { useSendSupportMessage } from './api/useSendSupportMessage';
import { useSignOutEverywhere } from './api/useSignOutEverywhere';

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
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(name);
      }}
    >
      <label htmlFor={`${id}-name`} className="label">
        Name
      </label>
      <input id={`${id}-name`} className="field" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      <button type="submit" className="btn-gold mt-4" disabled={rename.isPending || name.trim() === '' || name.trim() === profile.name}>
        Save Name
      </button>
      <Outcome ok={rename.isSuccess ? 'Your name was saved.' : null} error={rename.isError ? errorText(rename.error, 'name') : null} />
    </form>
  );
}

export function EmailChangeForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useRequestEmailChange();
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
        Current email: <strong className="text-white">{profile.email}</strong>
      </p>
      <label htmlFor={`${id}-email`} className="label mt-4">
        New email address
      </label>
      <input id={`${id}-email`} type="email" className="field" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} autoComplete="email" />
      <label htmlFor={`${id}-password`} className="label mt-4">
        Current password
      </label>
      <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-gold mt-4" disabled={change.isPending || !newEmail.includes('@') || password === ''}>
        Send Confirmation Link
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
  const weak = next !== '' && passwordScore(next) < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : next, [profile.email, profile.name]);
  const mismatch = confirm !== '' && next !== confirm;
  const problem = weak ? PASSWORD_MESSAGES.weak : guessable ? GUESSABLE_MESSAGE : mismatch ? PASSWORD_MESSAGES.mismatch : null;
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
        Current password
      </label>
      <PasswordInput id={`${id}-current`} autoComplete="current-password" value={current} onChange={setCurrent} />
      <label htmlFor={`${id}-new`} className="label mt-4">
        New password
      </label>
      <PasswordInput id={`${id}-new`} autoComplete="new-password" value={next} onChange={setNext} describedBy={`${id}-strength`} invalid={Boolean(problem)} />
      <StrengthMeter password={next} id={`${id}-strength`} />
      <label htmlFor={`${id}-confirm`} className="label mt-4">
        Confirm new password
      </label>
      <PasswordInput id={`${id}-confirm`} autoComplete="new-password" value={confirm} onChange={setConfirm} invalid={mismatch} />
      {problem && <p className="error-text mt-2">{problem}</p>}
      <button type="submit" className="btn-gold mt-4" disabled={change.isPending || !current || !next || next !== confirm || Boolean(problem)}>
        Change Password
      </button>
      <Outcome ok={change.isSuccess ? 'Your password was changed. Your other devices are signed out.' : null} error={error} />
    </form>
  );
}

export function SessionsCard() {
  const signOut = useSignOutEverywhere();
  return (
    <>
      <p className="text-sm text-slate-300">Signed in on a computer you no longer use? End every session, this one included.</p>
      <button type="button" className="btn-ghost mt-4" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign Out of All Devices
      </button>
      <Outcome error={signOut.isError ? signOut.error.message : null} />
    </>
  );
}

export function SupportForm() {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendSupportMessage();
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
        Subject
      </label>
      <input id={`${id}-subject`} className="field" value={subject} maxLength={150} onChange={(e) => setSubject(e.target.value)} />
      <label htmlFor={`${id}-message`} className="label mt-4">
        Message
      </label>
      <textarea id={`${id}-message`} className="field min-h-32" value={message} maxLength={5000} onChange={(e) => setMessage(e.target.value)} />
      <button type="submit" className="btn-gold mt-4" disabled={send.isPending || !subject.trim() || !message.trim()}>
        Send Message
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
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate({ currentPassword: password, confirm });
      }}
    >
      <p className="text-sm text-slate-300">
        Deleting your account removes your name and email and ends your access. Payment records stay, without your personal data, for accounting.
      </p>
      <label htmlFor={`${id}-password`} className="label mt-4">
        Current password
      </label>
      <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
      <label htmlFor={`${id}-confirm`} className="label mt-4">
        Type DELETE to confirm
      </label>
      <input id={`${id}-confirm`} className="field" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="off" />
      <button
        type="submit"
        className="mt-4 rounded-xl bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-50"
        disabled={remove.isPending || !password || confirm !== 'DELETE'}
      >
        Delete My Account
      </button>
      <Outcome error={remove.isError ? errorText(remove.error, 'currentPassword') : null} />
    </form>
  );
}
