import ShieldIcon from '@mui/icons-material/Shield';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage, queryKeys, useApi, type TwoFactorEnrolment } from '../../api';
import { QueryState } from '../../common/QueryState';
import { formatDateTime } from '../../common/format';
import { EnrolmentForm } from './EnrolmentForm';
import { RecoveryCodes } from './RecoveryCodes';

/** The signed-in admin's two-factor sign-in: set it up, or see it is on and renew the recovery codes. */
export function TwoFactorCard() {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.twoFactor, queryFn: () => api.getTwoFactor() });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [renewCode, setRenewCode] = useState('');
  const [confirmingPassword, setConfirmingPassword] = useState(false);
  const [password, setPassword] = useState('');

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });

  // Each step's failure shows in its own form (the server's message), where the admin corrects it.
  const start = useMutation({
    mutationFn: (currentPassword: string) => api.startTwoFactorSetup(currentPassword),
    onSuccess: (started) => {
      setEnrolment(started);
      setConfirmingPassword(false);
      setPassword('');
    },
  });
  const passwordError = start.error ? errorMessage(start.error) : null;

  const turnOn = useMutation({
    mutationFn: (code: string) => api.confirmTwoFactor(code),
    onSuccess: ({ recoveryCodes }) => {
      setEnrolment(null);
      setCodes(recoveryCodes);
      notify('Two-factor authentication is on', { type: 'success' });
      return refresh();
    },
  });
  const confirm = (code: string): Promise<string | null> =>
    turnOn.mutateAsync(code).then(
      () => null,
      (error: unknown) => errorMessage(error),
    );

  const renew = useMutation({
    mutationFn: (code: string) => api.regenerateRecoveryCodes(code),
    onSuccess: ({ recoveryCodes }) => {
      setRenewing(false);
      setRenewCode('');
      setCodes(recoveryCodes);
      return refresh();
    },
  });
  const renewError = renew.error ? errorMessage(renew.error) : null;

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="two-factor-heading">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <ShieldIcon color="primary" />
        <Typography id="two-factor-heading" component="h3" variant="h6">
          Two-factor authentication
        </Typography>
      </Stack>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <Box sx={{ maxWidth: 420 }}>
          <EnrolmentForm enrolment={enrolment} confirm={confirm} />
        </Box>
      ) : (
        <QueryState query={status} label="two-factor authentication">
          {(s) =>
            s.enabled ? (
              <Box>
                <Alert severity="success" sx={{ mb: 2 }}>
                  On since {s.enabledAt ? formatDateTime(s.enabledAt) : 'set-up'}. Recovery codes left: {s.recoveryCodesLeft}.
                </Alert>
                {renewing ? (
                  <Box sx={{ maxWidth: 420 }}>
                    {renewError && (
                      <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                        {renewError}
                      </Alert>
                    )}
                    <TextField
                      label="Code from the app"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      fullWidth
                      value={renewCode}
                      onChange={(e) => setRenewCode(e.target.value)}
                    />
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Button variant="contained" disabled={renewCode.trim() === '' || renew.isPending} onClick={() => renew.mutate(renewCode.trim())}>
                        Get new codes
                      </Button>
                      <Button onClick={() => setRenewing(false)}>Cancel</Button>
                    </Stack>
                  </Box>
                ) : (
                  <Button onClick={() => setRenewing(true)}>New recovery codes</Button>
                )}
              </Box>
            ) : (
              <Box>
                <Typography variant="body2" sx={{ mb: 2 }}>
                  {s.required
                    ? 'Required for every administrator: you will be asked to set it up at your next sign-in. Set it up now to be ready.'
                    : 'Protect your admin account with a code from your phone at each sign-in.'}
                </Typography>
                {confirmingPassword ? (
                  <Box
                    component="form"
                    sx={{ maxWidth: 420 }}
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (password && !start.isPending) start.mutate(password);
                    }}
                  >
                    <Typography variant="body2" sx={{ mb: 1 }}>
                      Enter your password to confirm it is you.
                    </Typography>
                    {passwordError && (
                      <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                        {passwordError}
                      </Alert>
                    )}
                    <TextField
                      label="Your password"
                      type="password"
                      autoComplete="current-password"
                      fullWidth
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Button type="submit" variant="contained" disabled={password === '' || start.isPending}>
                        Continue
                      </Button>
                      <Button onClick={() => setConfirmingPassword(false)}>Cancel</Button>
                    </Stack>
                  </Box>
                ) : (
                  <Button variant="contained" onClick={() => setConfirmingPassword(true)}>
                    Set up two-factor authentication
                  </Button>
                )}
              </Box>
            )
          }
        </QueryState>
      )}
    </Paper>
  );
}
