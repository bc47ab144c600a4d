import { Box, Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '../api';
import { QueryState } from '../common/QueryState';
import { DeadLetters } from './DeadLetters';
import { FailedJobs } from './FailedJobs';
import { MailDeliveryPanel } from './MailDeliveryPanel';

const COUNTS = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

const age = (seconds: number) => (seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`);

/** /admin/queues: job counts per queue, event deliveries still owed, mail delivery, the dead letters, and the failed jobs of every queue that has some. */
export default function QueuesPage() {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.queues, queryFn: () => api.getQueues(), refetchInterval: 10_000 });
  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on a phone.
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <QueryState query={query} label="queues">
        {({ queues, deliveries, commands }) => (
          <>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography component="h2" variant="h6" id="queues-heading">
                  Job queues
                </Typography>
                <Button size="small" startIcon={<RefreshIcon />} onClick={() => query.refetch()}>
                  Refresh
                </Button>
              </Box>
              <TableContainer>
                <Table size="small" aria-labelledby="queues-heading">
                  <TableHead>
                    <TableRow>
                      <TableCell>Queue</TableCell>
                      {COUNTS.map((c) => (
                        <TableCell key={c} align="right" sx={{ textTransform: 'capitalize' }}>
                          {c}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {queues.map((q) => (
                      <TableRow key={q.name} data-testid={`queue-${q.name}`}>
                        <TableCell component="th" scope="row">
                          {q.name}
                        </TableCell>
                        {COUNTS.map((c) => (
                          <TableCell
                            key={c}
                            align="right"
                            data-testid={`queue-${q.name}-${c}`}
                            sx={c === 'failed' && q.failed > 0 ? { color: 'error.main', fontWeight: 700 } : undefined}
                          >
                            {q[c]}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="deliveries-summary">
                Event deliveries owed: {deliveries.pending}
                {deliveries.oldestPendingSeconds !== null && deliveries.pending > 0 ? ` (oldest ${age(deliveries.oldestPendingSeconds)})` : ''} · Dead letters:{' '}
                {deliveries.dead}
              </Typography>
              <Typography variant="body2" data-testid="commands-summary">
                Commands owed (mails, captures): {commands.owed + commands.failed}
                {commands.oldestOwedSeconds !== null && commands.owed + commands.failed > 0 ? ` (oldest ${age(commands.oldestOwedSeconds)})` : ''} · Failing:{' '}
                {commands.failed} · Dead: {commands.dead}
              </Typography>
            </Paper>
            <MailDeliveryPanel />
            {deliveries.dead > 0 && <DeadLetters />}
            {queues
              .filter((q) => q.failed > 0)
              .map((q) => (
                <FailedJobs key={q.name} queue={q.name} />
              ))}
          </>
        )}
      </QueryState>
    </Box>
  );
}
