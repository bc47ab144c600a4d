import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { fieldErrors } from '../api';
import type { ApiKeyLevel, ApiKeyScopes, NewApiKey } from '../api/types';
import { plural } from '../common/plural';
import { QueryState } from '../common/QueryState';
import { LEVEL_LABELS } from './examples';
import { useApiKeyResources, useCreateApiKey } from './useApiKeyActions';

type Choice = ApiKeyLevel | 'none';

const CHOICES: Array<{ id: Choice; name: string }> = [
  { id: 'none', name: 'None' },
  { id: 'read', name: LEVEL_LABELS.read },
  { id: 'write', name: LEVEL_LABELS.write },
];

const NAME_MAX = 80;

/** Today in the browser's calendar ("2026-11-20"), the first day a key may expire on. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The last instant of a day of the admin's calendar, as the API takes it: a key chosen to expire on a day works through that day. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** Name, access per resource (none, read, or read and write) and an optional expiry of a new key; the created key goes to `onCreated`. */
export function CreateApiKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: NewApiKey) => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const resources = useApiKeyResources();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScopes>({});
  const [expiresOn, setExpiresOn] = useState('');
  const busy = create.isPending;
  // A refused field is said on the field; the notice (useConsoleAction) says why the key was not created.
  const errors = create.error ? (fieldErrors(create.error) ?? {}) : {};
  const chosen = Object.keys(scopes).length;
  const choose = (resource: string, choice: Choice) =>
    setScopes(({ [resource]: _, ...others }) => (choice === 'none' ? others : { ...others, [resource]: choice }));
  const submit = () =>
    create.mutate({ name: name.trim(), scopes, ...(expiresOn ? { expiresAt: endOfDay(expiresOn) } : {}) }, { onSuccess: (key) => onCreated(key) });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="create-api-key-title" fullWidth fullScreen={phone} maxWidth="md">
      <DialogTitle id="create-api-key-title">Create API key</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            fullWidth
            autoFocus
            error={!!errors.name}
            helperText={errors.name ?? 'What uses the key, e.g. "Nightly CRM sync": the list and the audit log show it'}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Access
            </Typography>
            <DialogContentText variant="body2" sx={{ mb: 1.5 }} color={errors.scopes ? 'error' : undefined}>
              {errors.scopes ?? 'Read allows only reading (GET); Read & write allows every call of the resource. Give a key only what its tool needs.'}
            </DialogContentText>
            <QueryState query={resources} label="the resources">
              {(catalogue) => (
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5 }}>
                  {catalogue.map(({ resource, label }) => (
                    <TextField
                      key={resource}
                      select
                      size="small"
                      label={label}
                      value={scopes[resource] ?? 'none'}
                      onChange={(e) => choose(resource, e.target.value as Choice)}
                    >
                      {CHOICES.map((choice) => (
                        <MenuItem key={choice.id} value={choice.id}>
                          {choice.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                </Box>
              )}
            </QueryState>
          </Box>
          <TextField
            type="date"
            label="Expires on"
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
            error={!!errors.expiresAt}
            helperText={errors.expiresAt ?? 'Optional: the key stops working at the end of this day. Leave empty for a key that does not expire.'}
            sx={{ maxWidth: { sm: 280 } }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 2 }} role="status">
          {chosen === 0 ? 'Choose the access of at least one resource' : plural(chosen, 'resource')}
        </Typography>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || name.trim() === '' || chosen === 0}>
          Create key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
