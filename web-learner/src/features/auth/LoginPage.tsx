import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePublicConfig } from '../../api/hooks/usePublicConfig';
import { safeRedirect } from '../../app/RequireLearner';
import { useSession } from '../../auth/session';
import { Spinner } from '../../components/Spinner';
import { useEarlyInput } from '../../components/useEarlyInput';
import { AuthFrame, FormAlert } from './AuthFrame';
import { PasswordInput } from '../../components/password/PasswordInput';
import { useSignIn } from './api/useSignIn';

export function LoginPage() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const target = safeRedirect(params.get('redirect'));
  const config = usePublicConfig();
  const demo = config.data?.demoMode ? config.data.demoCredentials?.learner : undefined;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // Typed into the prerendered page before its script ran.
  useEarlyInput(`${id}-email`, email, setEmail);
  useEarlyInput(`${id}-password`, password, setPassword);

  const signIn = useSignIn();

  if (session && !signIn.isPending && !signIn.isSuccess) return <Navigate to={target} replace />;

  const failure = signIn.error
    ? signIn.error instanceof ApiError && signIn.error.status === 401 && demo
      ? `Invalid credentials. Please use ${demo.email} / ${demo.password}`
      : signIn.error instanceof ApiError
        ? signIn.error.message
        : 'Could not reach the server. Please check your connection and try again.'
    : null;
  const canSubmit = email.trim() !== '' && password !== '' && !signIn.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (canSubmit) signIn.mutate({ email, password, rememberMe }, { onSuccess: () => void navigate(target, { replace: true }) });
  };

  return (
    <AuthFrame title="Welcome back" subtitle="Sign in to continue learning.">
      <form onSubmit={submit} noValidate className="space-y-5">
        {failure && <FormAlert>{failure}</FormAlert>}
        <div>
          <label htmlFor={`${id}-email`} className="label">
            Email address
          </label>
          <input id={`${id}-email`} type="email" autoComplete="email" className="field" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="label">
            Password
          </label>
          <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
        </div>
        <div className="flex items-center justify-between gap-3 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-300">
            <input type="checkbox" className="h-4 w-4 accent-gold-500" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-medium text-gold-300 hover:underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-gold w-full py-3" disabled={!canSubmit}>
          {signIn.isPending ? (
            <>
              <Spinner /> Signing In...
            </>
          ) : (
            'Sign In'
          )}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-400">
        Don't have an account?{' '}
        <Link to="/payment" className="font-semibold text-gold-300 hover:underline">
          Sign up
        </Link>
      </p>
      {demo && (
        <div className="mt-6 rounded-xl border border-ink-600 bg-ink-900 p-4 text-sm text-slate-300" data-testid="demo-hint">
          <p className="font-semibold text-white">Demo credentials</p>
          <p className="mt-1">
            Email: <code className="text-gold-300">{demo.email}</code>
          </p>
          <p>
            Password: <code className="text-gold-300">{demo.password}</code>
          </p>
        </div>
      )}
    </AuthFrame>
  );
}
