import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys, useApi, type MailDelivery } from '../api';
import { formatDateTime } from '../common/format';
import { QueryState } from '../common/QueryState';

const age = (seconds: number) => (seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`);

const STATUS: Record<MailDelivery['status'], [string, 'success' | 'warning' | 'error']> = {
  ok: ['Delivering', 'success'],
  delayed: ['Delayed', 'warning'],
  failing: ['Failing', 'error'],
};

/** Mail delivery on the Queues page: read from the owed mails themselves (the queue may have lost its jobs), with the way to the mail log. */
export function MailDeliveryPanel() {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.mailDelivery, queryFn: () => api.getMailDelivery(), refetchInterval: 10_000 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="mail-delivery-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6" id="mail-delivery-heading">
          Mail delivery
        </Typography>
        <Button size="small" component={RouterLink} to="/mail-log">
          Mail log
        </Button>
      </Box>
      <QueryState query={query} label="mail delivery">
        {(mail) => (
          <Box data-testid="mail-delivery" sx={{ display: 'grid', gap: 0.5 }}>
            <Box>
              <Chip size="small" label={STATUS[mail.status][0]} color={STATUS[mail.status][1]} data-testid="mail-delivery-status" />
            </Box>
            <Typography variant="body2">
              Unsent: {mail.unsent}
              {mail.oldestUnsentSeconds !== null ? ` (oldest ${age(mail.oldestUnsentSeconds)})` : ''} · Failing in the last hour: {mail.recentFailures} ·
              Stopped retrying in the last hour: {mail.deadRecently}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Last sent: {mail.lastSentAt ? formatDateTime(mail.lastSentAt) : 'never'}
              {mail.lastFailedAt ? ` · last failure: ${formatDateTime(mail.lastFailedAt)}` : ''}
            </Typography>
            {mail.lastError && (
              <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
                {mail.lastError}
              </Typography>
            )}
          </Box>
        )}
      </QueryState>
    </Paper>
  );
}
