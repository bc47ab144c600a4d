import { useId, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePublicConfig } from '../../api/hooks/usePublicConfig';
import { safeRedirect } from '../../app/RequireLearner';
import { SESSION_NOTICES, useSession, type SessionNotice } from '../../auth/session';
import { Spinner } from '../../components/Spinner';
import { useEarlyInput } from '../../components/useEarlyInput';
import { AuthFrame, FormAlert } from './AuthFrame';
import { PasswordInput } from '../../components/password/PasswordInput';
import { useSignIn } from './api/useSignIn';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';

const subscribeToNothing = () => () => undefined;

/** `?notice=` after a deliberate end of every session; read after hydration (the prerendered page has none). */
function readNotice(): SessionNotice | null {
  const notice = new URLSearchParams(window.location.search).get('notice');
  return (SESSION_NOTICES as readonly string[]).includes(notice ?? '') ? (notice as SessionNotice) : null;
}

export function LoginPage() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const target = safeRedirect(params.get('redirect'));
  const config = usePublicConfig();
  const notice = useSyncExternalStore(subscribeToNothing, readNotice, () => null);
  // A learner who just deleted their account is told so, not handed the demo account.
  const demo = config.data?.demoMode && notice !== 'account-deleted' ? config.data.demoCredentials?.learner : undefined;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  // Typed into the prerendered page before its script ran.
  useEarlyInput(`${id}-email`, email, setEmail);
  useEarlyInput(`${id}-password`, password, setPassword);

  const signIn = useSignIn();
  const { t } = useTranslation();

  if (session && !signIn.isPending && !signIn.isSuccess) return <Navigate to={target} replace />;

  const failure = signIn.error
    ? signIn.error instanceof ApiError && signIn.error.status === 401 && demo
      ? t('auth.login.invalidDemo', { email: demo.email, password: demo.password })
      : signIn.error instanceof ApiError
        ? signIn.error.message
        : t('auth.login.unreachable')
    : null;
  const canSubmit = email.trim() !== '' && password !== '' && !signIn.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (canSubmit) signIn.mutate({ email, password, rememberMe }, { onSuccess: () => void navigate(target, { replace: true }) });
  };

  return (
    <AuthFrame title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-5">
        {notice && !failure && (
          <p role="status" className="rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-200" data-testid="session-notice">
            {t(`auth.login.notices.${notice === 'account-deleted' ? 'accountDeleted' : 'signedOutEverywhere'}`)}
          </p>
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
        <div>
          <label htmlFor={`${id}-email`} className="label">
            {t('auth.email')}
          </label>
          <input id={`${id}-email`} type="email" autoComplete="email" className="field" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="label">
            {t('auth.password')}
          </label>
          <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={setPassword} />
        </div>
        <div className="flex items-center justify-between gap-3 text-sm">
          <label className="inline-flex items-center gap-2 text-slate-300">
            <input type="checkbox" className="h-4 w-4 accent-gold-500" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            {t('auth.login.rememberMe')}
          </label>
          <Link to="/forgot-password" className="font-medium text-gold-300 hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <button type="submit" className="btn-gold w-full py-3" disabled={!canSubmit}>
          {signIn.isPending ? (
            <>
              <Spinner /> {t('auth.login.submitting')}
            </>
          ) : (
            t('auth.login.submit')
          )}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-400">
        {t('auth.login.noAccount')}{' '}
        <Link to="/payment" className="font-semibold text-gold-300 hover:underline">
          {t('auth.login.signUp')}
        </Link>
      </p>
      {demo && (
        <div className="mt-6 rounded-xl border border-ink-600 bg-ink-900 p-4 text-sm text-slate-300" data-testid="demo-hint">
          <p className="font-semibold text-white">{t('auth.login.demo')}</p>
          <p className="mt-1">
            {t('auth.login.demoEmail')} <code className="text-gold-300">{demo.email}</code>
          </p>
          <p>
            {t('auth.login.demoPassword')} <code className="text-gold-300">{demo.password}</code>
          </p>
        </div>
      )}
    </AuthFrame>
  );
}
