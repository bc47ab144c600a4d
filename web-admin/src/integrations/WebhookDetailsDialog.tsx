import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import type { WebhookDelivery, WebhookEndpointRecord, WebhookSecret } from '../api';
import { formatDateTime } from '../common/format';
import { QueryState } from '../common/QueryState';
import { CopyableText } from './CopyableText';
import { useResendWebhookDelivery, useSendWebhookTest, useWebhookDeliveries, useWebhookSecret } from './useWebhookActions';
import { signedExample, webhookCurlExample, webhookNodeExample } from './webhookExamples';

const STATE_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function DeliveryRow({ delivery, onResend, busy }: { delivery: WebhookDelivery; onResend: () => void; busy: boolean }) {
  const last = delivery.attempts.at(-1);
  return (
    <Box component="li" sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <code>{delivery.eventType}</code>
        <Chip size="small" color={STATE_COLOR[delivery.state]} label={delivery.state} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(delivery.createdAt)} · {delivery.attemptCount} attempt{delivery.attemptCount === 1 ? '' : 's'}
          {last ? ` · last: ${last.responseStatus ?? last.error ?? 'no answer'} in ${last.durationMs} ms` : ''}
        </Typography>
        <Button size="small" onClick={onResend} disabled={busy} aria-label={`Resend the ${delivery.eventType} delivery ${delivery.id}`} sx={{ ml: 'auto' }}>
          Resend
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        webhook-id {delivery.id}
      </Typography>
      {delivery.attempts.length > 0 && (
        <Box component="details" sx={{ mt: 0.5 }}>
          <summary>Attempts</summary>
          <Box component="ol" sx={{ pl: 3, m: 0 }}>
            {delivery.attempts.map((a) => (
              <li key={a.attempt}>
                <Typography variant="body2">
                  {formatDateTime(a.createdAt)}: {a.responseStatus ? `HTTP ${a.responseStatus}` : (a.error ?? 'no answer')} ({a.durationMs} ms)
                </Typography>
                {a.responseBody ? (
                  <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {a.responseBody}
                  </Box>
                ) : null}
              </li>
            ))}
          </Box>
          <Box component="pre" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {delivery.body}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The secret with its copy-paste examples (a signed curl replay, a Node.js receiver that verifies). */
function SecretPanel({ endpoint, secret }: { endpoint: WebhookEndpointRecord; secret: WebhookSecret }) {
  const [curl, setCurl] = useState('');
  const type = endpoint.eventTypes[0] ?? 'webhook.test';
  useEffect(() => {
    let live = true;
    void signedExample(secret.secret, type).then((example) => live && setCurl(webhookCurlExample(endpoint.url, example)));
    return () => {
      live = false;
    };
  }, [secret.secret, type, endpoint.url]);
  return (
    <Stack spacing={1.5}>
      <CopyableText text={secret.secret} label="Signing secret" copyLabel="Copy secret" />
      {secret.previousSecret && secret.previousSecretExpiresAt && (
        <Alert severity="info">
          The previous secret also signs every delivery until {formatDateTime(secret.previousSecretExpiresAt)}, so receivers can switch over.
        </Alert>
      )}
      <Typography component="h4" variant="subtitle2">
        Replay a signed {type} event with curl (valid for 5 minutes)
      </Typography>
      {curl && <CopyableText text={curl} label="Signed curl example" copyLabel="Copy curl example" />}
      <Typography component="h4" variant="subtitle2">
        Verify deliveries in Node.js (npm install standardwebhooks)
      </Typography>
      <CopyableText text={webhookNodeExample(secret.secret, endpoint.eventTypes)} label="Node.js verification example" copyLabel="Copy Node.js example" />
    </Stack>
  );
}

/** One endpoint: its secret (revealed on demand, rotated), a test event, and its delivery log with resend. */
export function WebhookDetailsDialog({ endpoint, onClose }: { endpoint: WebhookEndpointRecord; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const deliveries = useWebhookDeliveries(endpoint.id);
  const { reveal, rotate } = useWebhookSecret();
  const test = useSendWebhookTest();
  const resend = useResendWebhookDelivery(endpoint.id);
  const [secret, setSecret] = useState<WebhookSecret | null>(null);

  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-details-title" fullWidth fullScreen={phone} maxWidth="md">
      <DialogTitle id="webhook-details-title" sx={{ overflowWrap: 'anywhere' }}>
        Webhook endpoint {endpoint.url}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {endpoint.status === 'disabled' && <Alert severity="warning">Disabled: {endpoint.disabledReason ?? 'by an admin'}. Nothing is sent to it.</Alert>}
          <Box component="section" aria-labelledby="webhook-secret-heading">
            <Typography id="webhook-secret-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Signing secret
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
              <Button size="small" variant="outlined" disabled={reveal.isPending} onClick={() => reveal.mutate(endpoint.id, { onSuccess: setSecret })}>
                Reveal secret
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="warning"
                disabled={rotate.isPending}
                onClick={() => rotate.mutate(endpoint.id, { onSuccess: setSecret })}
              >
                Rotate secret
              </Button>
            </Box>
            {secret && <SecretPanel endpoint={endpoint} secret={secret} />}
          </Box>
          <Box component="section" aria-labelledby="webhook-log-heading">
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography id="webhook-log-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                Delivery log
              </Typography>
              <Button
                size="small"
                variant="contained"
                disabled={test.isPending || endpoint.status === 'disabled'}
                onClick={() => test.mutate(endpoint, { onSuccess: () => void deliveries.refetch() })}
              >
                Send test event
              </Button>
            </Box>
            <QueryState query={deliveries} label="the delivery log">
              {(rows) =>
                rows.length === 0 ? (
                  <Typography variant="body2">No deliveries yet.</Typography>
                ) : (
                  <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Deliveries">
                    {rows.map((d) => (
                      <DeliveryRow key={d.id} delivery={d} busy={resend.isPending} onResend={() => resend.mutate(d)} />
                    ))}
                  </Box>
                )
              }
            </QueryState>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
