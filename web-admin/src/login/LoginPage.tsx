import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { getPublicConfig, type PublicConfig } from '../api';
import { loginFailureMessage } from './loginFailureMessage';

/** /admin/login: the Admin Portal sign-in. Demo credentials only when the API says demo mode is on. */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [config, setConfig] = useState<PublicConfig>();

  useEffect(() => {
    getPublicConfig().then(setConfig, () => setConfig(undefined));
  }, []);

  const demo = config?.demoMode ? config.demoCredentials?.admin : undefined;
  const canSubmit = email.trim() !== '' && password !== '' && !submitting;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      await login({ email: email.trim(), password }, '/overview');
    } catch (err) {
      setError(loginFailureMessage(err, config));
      setSubmitting(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: '#0f172a' }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
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
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
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
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={!canSubmit}>
              {submitting ? <CircularProgress size={24} color="inherit" aria-label="Signing in" /> : 'Sign In'}
            </Button>
          </Box>
          {demo && (
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
