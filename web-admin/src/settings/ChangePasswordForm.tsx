import { Box, Stack, Typography } from '@mui/material';
import { Form, HttpError, PasswordInput, required, SaveButton, useNotify } from 'react-admin';
import { errorMessage, useApi } from '../api';
import { readableErrorLabels } from '../common/errorContrast';

const confirmMatches = (value: string, values: Record<string, unknown>) => (value && value !== values.newPassword ? 'Passwords do not match' : undefined);

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab: the admin's own password (the server checks the current one and the password policy). */
export function ChangePasswordForm() {
  const api = useApi();
  const notify = useNotify();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await api.changePassword(String(values.currentPassword), String(values.newPassword));
      notify('Password changed', { type: 'success' });
      return undefined;
    } catch (error) {
      notify(`Failed to change password: ${errorMessage(error)}`, { type: 'error' });
      const fieldErrors = error instanceof HttpError ? error.body?.errors : undefined;
      return fieldErrors && typeof fieldErrors === 'object' ? (fieldErrors as Record<string, string>) : undefined;
    }
  };

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
