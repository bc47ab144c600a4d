import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { useEarlyInput } from '../../components/useEarlyInput';
import { useForgotPassword } from './api/useForgotPassword';
import { AuthFrame, FormAlert } from './AuthFrame';

export function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  // Typed into the prerendered page before its script ran.
  useEarlyInput(`${id}-email`, email, setEmail);
  const request = useForgotPassword();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (email.trim() && !request.isPending) request.mutate(email);
  };

  return (
    <AuthFrame title="Forgot your password?" subtitle="Enter the email of your account and we will send you a link to choose a new password.">
      {request.isSuccess ? (
        <FormAlert tone="success">{request.data.message}</FormAlert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          {request.isError && <FormAlert>{errorText(request.error, 'email') ?? 'Could not send the request. Please try again.'}</FormAlert>}
          <div>
            <label htmlFor={`${id}-email`} className="label">
              Email address
            </label>
            <input id={`${id}-email`} type="email" autoComplete="email" className="field" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="btn-gold w-full py-3" disabled={!email.trim() || request.isPending}>
            {request.isPending ? (
              <>
                <Spinner /> Sending...
              </>
            ) : (
              'Send Reset Link'
            )}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-gold-300 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthFrame>
  );
}
