import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { systemStatusQuery, useApi, type SystemStatus } from '../api';
import { QueryState } from '../common/QueryState';

const HEALTHY = new Set(['online', 'connected', 'operational', 'up', 'ok']);

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

const waited = (seconds: number) => (seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`);

/** Mail delivery in a word ("ok" is healthy like "connected"), with what is waiting. */
function mailRow(mail: SystemStatus['mail']) {
  if (!mail) return { name: 'Mail', status: 'unknown', detail: '' };
  const waiting = mail.unsent > 0 ? `${mail.unsent} unsent${mail.oldestUnsentSeconds != null ? `, oldest ${waited(mail.oldestUnsentSeconds)}` : ''}` : '';
  const failures = mail.recentFailures + mail.deadRecently > 0 ? `${mail.recentFailures + mail.deadRecently} failed in the last hour` : '';
  return { name: 'Mail', status: mail.status, detail: [failures, waiting].filter(Boolean).join('; ') };
}

/**
 * Event deliveries and owed commands, by the same figures /metrics exports and the alerts watch: dead letters to retry
 * (Admin > Queues), work waiting longer than it should, the outbox backlog.
 */
function deliveryRow(delivery: SystemStatus['delivery']) {
  if (!delivery) return { name: 'Deliveries', status: 'unknown', detail: '' };
  const parts = [
    delivery.deadLetters > 0 && `${delivery.deadLetters} dead letter${delivery.deadLetters === 1 ? '' : 's'}`,
    delivery.owed > 0 && `${delivery.owed} owed${delivery.oldestOwedSeconds != null ? `, oldest ${waited(delivery.oldestOwedSeconds)}` : ''}`,
    delivery.outboxBacklog > 0 && `${delivery.outboxBacklog} not yet queued`,
  ].filter(Boolean);
  return { name: 'Deliveries', status: delivery.status, detail: parts.join('; ') };
}

function rows(s: SystemStatus) {
  return [
    { name: 'Server', status: s.server.status, detail: `up ${formatUptime(s.server.uptimeSeconds)}` },
    { name: 'Database', status: s.database.status, detail: s.database.latencyMs == null ? '' : `${s.database.latencyMs} ms` },
    { name: 'Redis', status: s.redis.status, detail: s.redis.latencyMs == null ? '' : `${s.redis.latencyMs} ms` },
    { name: 'API', status: s.api.status, detail: '' },
    mailRow(s.mail),
    deliveryRow(s.delivery),
  ];
}

export function SystemStatusPanel() {
  const api = useApi();
  const query = useQuery(systemStatusQuery(api));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          System Status
        </Typography>
        <QueryState query={query} label="system status">
          {(status) => (
            <Stack spacing={1}>
              {rows(status).map((r) => (
                <Box
                  key={r.name}
                  data-testid={`status-${r.name.toLowerCase()}`}
                  sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
                >
                  <Typography variant="body2">
                    {r.name}{' '}
                    {r.detail && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        ({r.detail})
                      </Typography>
                    )}
                  </Typography>
                  <Chip
                    size="small"
                    label={r.status.charAt(0).toUpperCase() + r.status.slice(1)}
                    color={HEALTHY.has(r.status.toLowerCase()) ? 'success' : 'warning'}
                  />
                </Box>
              ))}
              {status.queues.length > 0 && (
                <Typography variant="caption" color="text.secondary">
                  Queues: {status.queues.map((q) => `${q.name} ${q.waiting} waiting, ${q.failed} failed`).join('; ')}
                </Typography>
              )}
            </Stack>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
