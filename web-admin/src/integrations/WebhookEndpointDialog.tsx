import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { fieldErrors, type WebhookEndpointRecord } from '../api';
import { QueryState } from '../common/QueryState';
import { useSaveWebhook, useWebhookEventTypes } from './useWebhookActions';

/** Adds an endpoint, or edits one (`endpoint`): its URL, a description, and the event types it receives, chosen from the catalogue. */
export function WebhookEndpointDialog({ endpoint, onClose }: { endpoint?: WebhookEndpointRecord; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const catalogue = useWebhookEventTypes();
  const save = useSaveWebhook();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [eventTypes, setEventTypes] = useState<string[]>(endpoint?.eventTypes ?? []);
  const errors = save.error ? (fieldErrors(save.error) ?? {}) : {};
  const title = endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint';
  const toggle = (type: string, on: boolean) => setEventTypes((types) => (on ? [...types, type] : types.filter((t) => t !== type)));
  const submit = () => save.mutate({ id: endpoint?.id, body: { url: url.trim(), description: description.trim(), eventTypes } }, { onSuccess: onClose });

  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-endpoint-title" fullWidth fullScreen={phone} maxWidth="sm">
      <DialogTitle id="webhook-endpoint-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="URL"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            error={Boolean(errors.url)}
            helperText={errors.url ?? 'Where the events are POSTed, e.g. https://crm.example.com/hooks'}
            inputProps={{ maxLength: 2000 }}
          />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description}
            inputProps={{ maxLength: 500 }}
          />
          <QueryState query={catalogue} label="the event types">
            {(data) => (
              <FormControl component="fieldset" error={Boolean(errors.eventTypes)}>
                <FormLabel component="legend">Events</FormLabel>
                <FormGroup>
                  {data.eventTypes.map(({ type, description: meaning }) => (
                    <FormControlLabel
                      key={type}
                      control={<Checkbox checked={eventTypes.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />}
                      label={
                        <>
                          <code>{type}</code> — {meaning}
                        </>
                      }
                    />
                  ))}
                </FormGroup>
                {errors.eventTypes && <FormHelperText>{errors.eventTypes}</FormHelperText>}
              </FormControl>
            )}
          </QueryState>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || !url.trim() || eventTypes.length === 0}>
          Save endpoint
        </Button>
      </DialogActions>
    </Dialog>
  );
}
