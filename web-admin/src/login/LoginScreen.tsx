import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError } from 'react-admin';
import {
  errorMessage,
  getPublicConfig,
  needsSecondFactor,
  signIn,
  type PublicConfig,
  type SessionResult,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
} from '../api';
import { EnrolmentForm } from '../components/two-factor/EnrolmentForm';
import { RecoveryCodes } from '../components/two-factor/RecoveryCodes';
import { forgetReturn, returnTarget, sessionEndReason } from '../components/session/returnTo';
import { usePageTitle } from '../layout/usePageTitle';
import { loginFailureMessage } from './loginFailureMessage';

const ENDED_MESSAGES = {
  idle: 'You were signed out after a period of inactivity. Sign in to continue where you left off.',
  limit: 'You were signed out because the session reached its maximum length. Sign in to continue where you left off.',
};

/** Where the sign-in stands: the password, then (when two-factor sign-in applies) a code, or first setting up an authenticator. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: TwoFactorChallenge }
  | { kind: 'enrol'; challenge: TwoFactorChallenge; enrolment: TwoFactorEnrolment }
  | { kind: 'recovery-codes'; session: SessionResult; codes: string[] };

/** A wrong or expired code says so; anything else (no answer, 429) as the server put it. */
const codeFailure = (error: unknown): string =>
  error instanceof HttpError && error.status < 500 ? (error.body?.message ?? error.message) : 'The server could not be reached. Please try again.';

/** Where a signed-out visit came from (react-admin puts it in the location's state when it sends the admin to /login). */
export interface LoginFrom {
  nextPathname?: string;
  nextSearch?: string;
}

/** Hands the session over and opens `target` (a path of the console). */
export type CompleteSignIn = (session: SessionResult, target: string) => Promise<void>;

/**
 * /admin/login: the Admin Portal sign-in, the password then a two-factor code
 * (or the set-up of an authenticator) where needed. Demo credentials only when
 * the API says demo mode is on. `complete` takes the session: react-admin
 * inside the console (LoginPage), or the page of a first visit (StandaloneLogin).
 */
export function LoginScreen({ from, complete }: { from: LoginFrom | null; complete: CompleteSignIn }) {
  // Read in the browser only: the build renders the page of a first visit without one (login-server.tsx).
  const [ended] = useState(() => (typeof window === 'undefined' ? null : sessionEndReason()));
  // Named in the tab like every console page ("Sign in · Admin · <site name>"), on the page of a first visit too.
  usePageTitle('Sign in');
  /** Signs in and goes back where the admin was (the page a signed-out visit or an ended session came from), else the overview. */
  const login = async (params: { session: SessionResult }) => {
    const target = returnTarget(from?.nextPathname ? `${from.nextPathname}${from.nextSearch ?? ''}` : null);
    await complete(params.session, target);
    forgetReturn();
  };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  // The prerendered page (scripts/prerender-login.mjs) takes typing before its script runs: React 19
  // keeps it on screen but never tells the state (facebook/react#12955), so take it when React takes the fields over.
  useLayoutEffect(() => {
    if (emailField.current?.value) setEmail(emailField.current.value);
    if (passwordField.current?.value) setPassword(passwordField.current.value);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [config, setConfig] = useState<PublicConfig>();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [code, setCode] = useState('');
  const [recoveryMode, setRecoveryMode] = useState(false);

  useEffect(() => {
    getPublicConfig().then(setConfig, () => setConfig(undefined));
  }, []);
  useEffect(() => {
    document.title = ['Sign in', 'Admin', config?.siteName].filter(Boolean).join(' · ');
  }, [config?.siteName]);

  const demo = config?.demoMode ? config.demoCredentials?.admin : undefined;
  const canSubmit = email.trim() !== '' && password !== '' && !submitting;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await signIn.password(email.trim(), password);
      if (!needsSecondFactor(answer)) {
        await login({ session: answer });
        return;
      }
      setPassword('');
      if (answer.enrolmentRequired) setStep({ kind: 'enrol', challenge: answer, enrolment: await signIn.setup(answer.challenge) });
      else setStep({ kind: 'code', challenge: answer });
      setSubmitting(false);
    } catch (err) {
      setError(loginFailureMessage(err, config));
      setSubmitting(false);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'code' || code.trim() === '' || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await login({ session: await signIn.code(step.challenge.challenge, code.trim()) });
    } catch (err) {
      setError(codeFailure(err));
      setSubmitting(false);
    }
  }

  async function confirmEnrolment(enrolCode: string): Promise<string | null> {
    if (step.kind !== 'enrol') return null;
    try {
      const answer = await signIn.code(step.challenge.challenge, enrolCode);
      setStep({ kind: 'recovery-codes', session: answer, codes: answer.recoveryCodes ?? [] });
      return null;
    } catch (err) {
      return err instanceof HttpError ? codeFailure(err) : errorMessage(err);
    }
  }

  const startOver = () => {
    setStep({ kind: 'password' });
    setCode('');
    setError(null);
    setRecoveryMode(false);
  };

  return (
    // The card's top stays where it is first drawn (near the middle of the screen, not centred on its own height):
    // what appears in it later (the demo credentials, an error) makes it longer downwards instead of moving it up.
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', p: 2, bgcolor: '#0f172a' }}>
      <Card sx={{ width: '100%', maxWidth: 420, mt: 'max(0px, calc(50vh - 300px))' }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <AdminPanelSettingsIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
              Admin Portal
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Sign in to manage courses, users and settings
            </Typography>
          </Box>
          {ended && !error && step.kind === 'password' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {ENDED_MESSAGES[ended]}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          {step.kind === 'code' && (
            <Box component="form" onSubmit={submitCode} noValidate aria-labelledby="code-heading">
              <Typography id="code-heading" component="h2" variant="h6" gutterBottom>
                Two-factor authentication
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {recoveryMode
                  ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
                  : 'Enter the 6-digit code from your authenticator app.'}
              </Typography>
              <TextField
                key={recoveryMode ? 'recovery' : 'totp'}
                label={recoveryMode ? 'Recovery code' : 'Authentication code'}
                name="code"
                inputMode={recoveryMode ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                required
                fullWidth
                margin="normal"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoFocus
              />
              <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 1 }} disabled={code.trim() === '' || submitting}>
                {submitting ? <CircularProgress size={24} color="inherit" aria-label="Verifying" /> : 'Verify'}
              </Button>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => {
                    setRecoveryMode(!recoveryMode);
                    setCode('');
                    setError(null);
                  }}
                >
                  {recoveryMode ? 'Use the authenticator app' : 'Use a recovery code'}
                </Link>
                <Link component="button" type="button" variant="body2" onClick={startOver}>
                  Start over
                </Link>
              </Box>
            </Box>
          )}
          {step.kind === 'enrol' && (
            <>
              <Alert severity="info" sx={{ mb: 2 }}>
                Two-factor authentication is required for administrators. Set it up to continue.
              </Alert>
              <EnrolmentForm enrolment={step.enrolment} confirm={confirmEnrolment} />
            </>
          )}
          {step.kind === 'recovery-codes' && (
            <RecoveryCodes codes={step.codes} doneLabel="Continue to the console" onDone={() => void login({ session: step.session })} />
          )}
          {step.kind === 'password' && (
            <Box component="form" onSubmit={submit} noValidate>
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                required
                fullWidth
                margin="normal"
                value={email}
                inputRef={emailField}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                fullWidth
                margin="normal"
                value={password}
                inputRef={passwordField}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={!canSubmit}>
                {submitting ? <CircularProgress size={24} color="inherit" aria-label="Signing in" /> : 'Sign In'}
              </Button>
            </Box>
          )}
          {demo && step.kind === 'password' && (
            <Alert severity="info" sx={{ mt: 3 }} role="note" aria-label="Demo credentials">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Demo credentials
              </Typography>
              <Typography variant="body2">Email: {demo.email}</Typography>
              <Typography variant="body2">Password: {demo.password}</Typography>
            </Alert>
          )}
          <Button href="/" startIcon={<ArrowBackIcon />} fullWidth sx={{ mt: 2 }}>
            Back to main site
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
