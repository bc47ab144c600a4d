import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { queryKeys, useApi, type FailedJob, type QueueName } from '../api';
import { QueryState } from '../common/QueryState';
import { formatDateTime } from '../common/format';
import { useConsoleAction } from '../common/useConsoleAction';

type PendingAction = { kind: 'retry' | 'remove'; job: FailedJob } | { kind: 'retry-all'; total: number };

const PER_PAGE = 25;

/** One queue's failed jobs (the dead letters of its commands) with their error, page by page; Retry, Remove and Retry all each ask first. */
export function FailedJobs({ queue }: { queue: QueueName }) {
  const api = useApi();
  const [page, setPage] = useState(0);
  const query = useQuery({ queryKey: [...queryKeys.failedJobs(queue), page], queryFn: () => api.getFailedJobs(queue, page, PER_PAGE) });
  const [pending, setPending] = useState<PendingAction | null>(null);

  const action = useConsoleAction(
    async (todo: PendingAction): Promise<string> => {
      if (todo.kind === 'retry-all') {
        const { retried } = await api.retryFailedJobs(queue);
        return `${retried} failed ${retried === 1 ? 'job' : 'jobs'} queued for retry`;
      }
      if (todo.kind === 'retry') {
        await api.retryJob(queue, todo.job.id);
        return `Job ${todo.job.id} queued for retry`;
      }
      await api.removeJob(queue, todo.job.id);
      return `Job ${todo.job.id} removed`;
    },
    {
      success: (done) => done,
      failure: (todo) => `${todo.kind === 'remove' ? 'Remove' : 'Retry'} failed`,
      refresh: false,
      invalidate: [queryKeys.failedJobs(queue), queryKeys.queues],
    },
  );
  const run = () => {
    if (!pending) return;
    action.mutate(pending, {
      onSettled: () => {
        setPending(null);
        if (pending.kind === 'retry-all') setPage(0);
      },
    });
  };

  const headingId = `failed-${queue}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} component="h3" variant="h6">
          Failed jobs in {queue}
        </Typography>
        {query.data && query.data.total > 0 && (
          <Button size="small" variant="outlined" startIcon={<ReplayIcon />} onClick={() => setPending({ kind: 'retry-all', total: query.data.total })}>
            Retry all {query.data.total}
          </Button>
        )}
      </Box>
      <QueryState query={query} label={`failed jobs of ${queue}`}>
        {({ jobs, total }) =>
          jobs.length === 0 ? (
            <Typography variant="body2">No failed jobs.</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    <TableCell>Job</TableCell>
                    <TableCell>Error</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Queued</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {jobs.map((job) => (
                    <TableRow key={job.id} data-testid={`failed-job-${job.id}`}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>
                        {job.name}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          #{job.id}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ color: 'error.main', wordBreak: 'break-word', maxWidth: 420 }}>{job.failedReason}</TableCell>
                      <TableCell align="right">{job.attemptsMade}</TableCell>
                      <TableCell>{formatDateTime(new Date(job.timestamp).toISOString())}</TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button size="small" startIcon={<ReplayIcon />} onClick={() => setPending({ kind: 'retry', job })} aria-label={`Retry job ${job.id}`}>
                            Retry
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            startIcon={<DeleteIcon />}
                            onClick={() => setPending({ kind: 'remove', job })}
                            aria-label={`Remove job ${job.id}`}
                          >
                            Remove
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {total > PER_PAGE && (
                <TablePagination
                  component="div"
                  count={total}
                  page={page}
                  onPageChange={(_event, next) => setPage(next)}
                  rowsPerPage={PER_PAGE}
                  rowsPerPageOptions={[PER_PAGE]}
                />
              )}
            </TableContainer>
          )
        }
      </QueryState>
      <Confirm
        isOpen={pending !== null}
        loading={action.isPending}
        title={pending?.kind === 'remove' ? 'Remove failed job' : pending?.kind === 'retry-all' ? 'Retry all failed jobs' : 'Retry failed job'}
        content={
          pending?.kind === 'remove'
            ? `Are you sure you want to remove job ${pending.job.id} (${pending.job.name}) from ${queue}?`
            : pending?.kind === 'retry-all'
              ? `Retry all ${pending.total} failed jobs in ${queue}?`
              : `Retry job ${pending?.job.id} (${pending?.job.name}) in ${queue}?`
        }
        confirm={pending?.kind === 'remove' ? 'Remove' : 'Retry'}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
