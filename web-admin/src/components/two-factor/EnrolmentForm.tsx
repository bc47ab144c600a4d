import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { TwoFactorEnrolment } from '../../api';

/**
 * Adding an authenticator: scan the QR code (or type the secret), then
 * enter the code the app shows. `confirm` answers an error text or null.
 */
export function EnrolmentForm({ enrolment, confirm }: { enrolment: TwoFactorEnrolment; confirm: (code: string) => Promise<string | null> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || code.trim() === '') return;
    setBusy(true);
    setError(await confirm(code.trim()));
    setBusy(false);
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="enrol-heading">
      <Typography id="enrol-heading" component="h2" variant="h6" gutterBottom>
        Set up two-factor authentication
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy...), then enter the 6-digit code it shows.
      </Typography>
      <Box
        component="img"
        src={enrolment.qrCode}
        alt="QR code to add this account to an authenticator app"
        sx={{ width: 200, height: 200, display: 'block', mx: 'auto' }}
      />
      <Typography variant="body2" sx={{ mt: 2 }}>
        Cannot scan it? Enter this key in the app:
      </Typography>
      <Typography data-testid="two-factor-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}>
        {enrolment.secret}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <TextField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        fullWidth
        margin="normal"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="contained" fullWidth disabled={busy || code.trim() === ''}>
        {busy ? <CircularProgress size={24} color="inherit" aria-label="Checking" /> : 'Turn on two-factor authentication'}
      </Button>
    </Box>
  );
}
