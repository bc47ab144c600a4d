import { Box, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, PasswordInput, required, SaveButton, useNotify } from 'react-admin';
import { errorMessage, fieldErrors, useApi } from '../api';
import { readableErrorLabels } from '../common/errorContrast';

const confirmMatches = (value: string, values: Record<string, unknown>) => (value && value !== values.newPassword ? 'Passwords do not match' : undefined);

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab: the admin's own password (the server checks the current one and the password policy). */
export function ChangePasswordForm() {
  const api = useApi();
  const notify = useNotify();

  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => api.changePassword(currentPassword, newPassword),
    onSuccess: () => notify('Password changed', { type: 'success' }),
    onError: (error) => notify(`Failed to change password: ${errorMessage(error)}`, { type: 'error' }),
  });
  // The form shows the server's field errors (a password the policy refuses) on its fields.
  const submit = (values: Record<string, unknown>) =>
    change.mutateAsync({ currentPassword: String(values.currentPassword), newPassword: String(values.newPassword) }).then(() => undefined, fieldErrors);

  return (
    <Box component="section" aria-labelledby="change-password-heading" sx={{ mt: 3 }}>
      <Typography id="change-password-heading" component="h3" variant="h6" gutterBottom>
        Change password
      </Typography>
      <Form record={EMPTY} onSubmit={submit} noValidate>
        <Stack spacing={1} sx={{ maxWidth: 640, ...readableErrorLabels }}>
          <PasswordInput source="currentPassword" label="Current password" autoComplete="current-password" validate={required()} fullWidth />
          <PasswordInput source="newPassword" label="New password" autoComplete="new-password" validate={required()} fullWidth />
          <PasswordInput source="confirmPassword" label="Confirm new password" autoComplete="new-password" validate={[required(), confirmMatches]} fullWidth />
        </Stack>
        <Box sx={{ mt: 2 }}>
          <SaveButton label="Change password" />
        </Box>
      </Form>
    </Box>
  );
}
