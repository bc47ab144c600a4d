import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { errorText } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { MIN_STRENGTH, PASSWORD_MESSAGES, passwordScore } from '../checkout/passwordStrength';
import { StrengthMeter } from '../checkout/StrengthMeter';
import { AuthFrame, FormAlert } from './AuthFrame';
import { PasswordInput } from './PasswordInput';

export function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useMutation({ mutationFn: () => resetPassword(token, password) });

  const mismatch = confirm !== '' && password !== confirm;
  const weak = password !== '' && passwordScore(password) < MIN_STRENGTH;
  const canSubmit = Boolean(token) && password !== '' && password === confirm && !weak && !reset.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (canSubmit) reset.mutate();
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
            {weak && <p className="error-text mt-2">{PASSWORD_MESSAGES.weak}</p>}
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
