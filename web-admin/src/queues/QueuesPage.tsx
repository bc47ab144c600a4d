import { Box, Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api';
import { QueryState } from '../common/QueryState';
import { retryTransient } from '../common/retry';
import { FailedJobs } from './FailedJobs';
import { QUEUES_QUERY_KEY } from './queryKeys';

const COUNTS = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** /admin/queues: job counts per queue, and the failed jobs of every queue that has some. */
export default function QueuesPage() {
  const api = useApi();
  const query = useQuery({ retry: retryTransient, queryKey: QUEUES_QUERY_KEY, queryFn: () => api.getQueues(), refetchInterval: 10_000 });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <QueryState query={query} label="queues">
        {({ queues }) => (
          <>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
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
                          <TableCell key={c} align="right" data-testid={`queue-${q.name}-${c}`} sx={c === 'failed' && q.failed > 0 ? { color: 'error.main', fontWeight: 700 } : undefined}>
                            {q[c]}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
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
