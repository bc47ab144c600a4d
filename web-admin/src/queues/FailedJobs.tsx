import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { errorMessage, queryKeys, useApi, type FailedJob, type QueueName } from '../api';
import { QueryState } from '../common/QueryState';
import { formatDateTime } from '../common/format';

type PendingAction = { kind: 'retry' | 'remove'; job: FailedJob } | { kind: 'retry-all'; total: number };

const PER_PAGE = 25;

/** One queue's failed jobs (the dead letters of its commands) with their error, page by page; Retry, Remove and Retry all each ask first. */
export function FailedJobs({ queue }: { queue: QueueName }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const query = useQuery({ queryKey: [...queryKeys.failedJobs(queue), page], queryFn: () => api.getFailedJobs(queue, page, PER_PAGE) });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'retry-all') {
        const { retried } = await api.retryFailedJobs(queue);
        notify(`${retried} failed ${retried === 1 ? 'job' : 'jobs'} queued for retry`, { type: 'success' });
      } else if (pending.kind === 'retry') {
        await api.retryJob(queue, pending.job.id);
        notify(`Job ${pending.job.id} queued for retry`, { type: 'success' });
      } else {
        await api.removeJob(queue, pending.job.id);
        notify(`Job ${pending.job.id} removed`, { type: 'success' });
      }
    } catch (error) {
      notify(`${pending.kind === 'remove' ? 'Remove' : 'Retry'} failed: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
      setPending(null);
      if (pending.kind === 'retry-all') setPage(0);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.failedJobs(queue) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.queues }),
      ]);
    }
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
        loading={busy}
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
