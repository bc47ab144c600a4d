import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { alertsQuery, queryKeys, useApi } from '../api';
import { useConsoleAction } from '../common/useConsoleAction';

/** Where each kind of alert is dealt with. */
const WHERE: Record<string, { to: string; label: string }> = {
  'mail-failing': { to: '/mail-log', label: 'Open the mail log' },
  'dead-letter': { to: '/queues', label: 'Open the queues' },
  'backup-failed': { to: '/settings', label: 'Open the settings' },
};

/**
 * The system alerts, above every page: a failing mail transport, dead
 * letters, a failed backup. They come from the server's own record, so they
 * reach the admin when mail does not; a new one also shows as a
 * notification. Each stays until the problem goes away or it is dismissed.
 */
export function SystemAlerts() {
  const api = useApi();
  const notify = useNotify();
  const { data: alerts = [] } = useQuery(alertsQuery(api));
  const dismiss = useConsoleAction((id: string) => api.dismissAlert(id), {
    failure: 'Could not dismiss the alert',
    refresh: false,
    invalidate: [queryKeys.alerts],
  });
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    // The first answer only marks what is already shown; later ones announce each alert that opened since (once, not each repeat).
    const fresh = seen.current ? alerts.filter((a) => !seen.current!.has(a.id)) : [];
    seen.current = new Set([...(seen.current ?? []), ...alerts.map((a) => a.id)]);
    if (fresh.length > 0) notify(`System alert: ${fresh[0].subject}`, { type: 'warning' });
  }, [alerts, notify]);

  if (alerts.length === 0) return null;
  return (
    <Box component="section" aria-label="System alerts" sx={{ display: 'grid', gap: 1, p: { xs: 1, sm: 2 }, pb: 0 }}>
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          severity="error"
          data-testid={`system-alert-${alert.kind}`}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {WHERE[alert.kind] && (
                <Button color="inherit" size="small" component={RouterLink} to={WHERE[alert.kind].to}>
                  {WHERE[alert.kind].label}
                </Button>
              )}
              <Button color="inherit" size="small" disabled={dismiss.isPending && dismiss.variables === alert.id} onClick={() => dismiss.mutate(alert.id)}>
                Dismiss
              </Button>
            </Box>
          }
        >
          <AlertTitle>
            {alert.subject}
            {alert.count > 1 ? ` (${alert.count} times)` : ''}
          </AlertTitle>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {alert.text}
          </Box>
        </Alert>
      ))}
    </Box>
  );
}
