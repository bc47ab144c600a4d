import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { MIN_STRENGTH, PASSWORD_MESSAGES, passwordScore } from '../../components/password/passwordStrength';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { GUESSABLE_MESSAGE, usePasswordGuessable } from '../../components/password/usePasswordGuessable';
import { useResetLink } from './api/useResetLink';
import { useResetPassword } from './api/useResetPassword';
import { AuthFrame, FormAlert } from './AuthFrame';
import { PasswordInput } from '../../components/password/PasswordInput';

export function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useResetPassword();
  const link = useResetLink(token);

  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && passwordScore(password) < MIN_STRENGTH;
  const guessable = usePasswordGuessable(weak ? '' : password);
  const canSubmit = Boolean(token) && password !== '' && password === confirm && !weak && !guessable && !reset.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (canSubmit) reset.mutate({ token, password });
  };

  if (!token) {
    return (
      <AuthFrame title="Reset your password">
        <FormAlert>This reset link is incomplete. Please ask for a new one.</FormAlert>
        <Link to="/forgot-password" className="btn-gold mt-6 w-full">
          Ask for a new link
        </Link>
      </AuthFrame>
    );
  }

  // A used or expired link says so when it is opened, not after a password was typed.
  if (link.isError && !reset.isSuccess) {
    return (
      <AuthFrame title="Reset your password">
        <FormAlert>{errorText(link.error) ?? 'This reset link is invalid or has expired. Please ask for a new one.'}</FormAlert>
        <Link to="/forgot-password" className="btn-gold mt-6 w-full">
          Ask for a new link
        </Link>
      </AuthFrame>
    );
  }

  if (link.isPending) {
    return (
      <AuthFrame title="Choose a new password">
        <p role="status" className="flex items-center justify-center gap-2 text-slate-300">
          <Spinner /> Checking your link...
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Choose a new password">
      {reset.isSuccess ? (
        <>
          <FormAlert tone="success">{reset.data.message}</FormAlert>
          <Link to="/login" className="btn-gold mt-6 w-full">
            Sign In
          </Link>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          {reset.isError && <FormAlert>{errorText(reset.error, 'password') ?? 'Could not reset the password. Please try again.'}</FormAlert>}
          <div>
            <label htmlFor={`${id}-password`} className="label">
              New password
            </label>
            <PasswordInput id={`${id}-password`} autoComplete="new-password" value={password} onChange={setPassword} describedBy={`${id}-strength`} />
            <StrengthMeter password={password} id={`${id}-strength`} />
            {(weak || guessable) && <p className="error-text mt-2">{weak ? PASSWORD_MESSAGES.weak : GUESSABLE_MESSAGE}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-confirm`} className="label">
              Confirm new password
            </label>
            <PasswordInput id={`${id}-confirm`} autoComplete="new-password" value={confirm} onChange={setConfirm} invalid={mismatch} />
            {mismatch && <p className="error-text mt-1.5">{PASSWORD_MESSAGES.mismatch}</p>}
          </div>
          <button type="submit" className="btn-gold w-full py-3" disabled={!canSubmit}>
            {reset.isPending ? (
              <>
                <Spinner /> Saving...
              </>
            ) : (
              'Set New Password'
            )}
          </button>
        </form>
      )}
    </AuthFrame>
  );
}
