import { Box, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Form, SaveButton, useNotify } from 'react-admin';
import { errorMessage, fieldErrors, queryKeys, useApi, type Settings, type SettingsSection } from '../api';
import { readableErrorLabels } from '../common/errorContrast';
import { KeepUnsavedChanges } from '../components/session/KeepUnsavedChanges';
import { SECRET_FIELDS, toFormValues, toRequestBody } from './secrets';

/**
 * One tab's form. Saving PUTs only this section; 'Settings saved successfully!'
 * shows once the server has saved, and its field errors land on the fields.
 */
export function SettingsSectionForm<S extends SettingsSection>({
  section,
  stored,
  children,
}: {
  section: S;
  stored: Settings[S];
  children: (storedSecrets: string[]) => ReactNode;
}) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // A new form after each save, so typed secrets leave the page once the server holds them.
  const [saves, setSaves] = useState(0);
  const { values, storedSecrets } = useMemo(() => toFormValues(section, stored), [section, stored]);

  const update = useMutation({
    mutationFn: (formValues: Record<string, unknown>) => api.updateSettings(section, toRequestBody(section, formValues) as Partial<Settings[S]>),
    onSuccess: (saved) => {
      queryClient.setQueryData<Settings>(queryKeys.settings, (all) => (all ? { ...all, [section]: saved } : all));
      setSaves((n) => n + 1);
      notify('Settings saved successfully!', { type: 'success' });
    },
    onError: (error) => notify(`Failed to save settings: ${errorMessage(error)}`, { type: 'error' }),
  });
  const save = (formValues: Record<string, unknown>) => update.mutateAsync(formValues).then(() => undefined, fieldErrors);

  return (
    <Form key={saves} record={values} onSubmit={save} noValidate>
      <KeepUnsavedChanges name={`settings:${section}`} exclude={SECRET_FIELDS[section] ?? []} />
      <Stack spacing={1} sx={{ maxWidth: 640, ...readableErrorLabels }}>
        {children(storedSecrets)}
      </Stack>
      <Box sx={{ mt: 2 }}>
        <SaveButton label="Save Settings" />
      </Box>
    </Form>
  );
}
