import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { errorMessage, useApi, type FailedJob } from '../api';
import { QueryState } from '../common/QueryState';
import { formatDateTime } from '../common/format';
import { retryTransient } from '../common/retry';
import { QUEUES_QUERY_KEY } from './queryKeys';

type PendingAction = { kind: 'retry' | 'remove'; job: FailedJob };

/** One queue's failed jobs with their error; Retry and Remove each ask first. */
export function FailedJobs({ queue }: { queue: string }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['admin-failed-jobs', queue];
  const query = useQuery({ retry: retryTransient, queryKey: key, queryFn: () => api.getFailedJobs(queue) });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending) return;
    const { kind, job } = pending;
    setBusy(true);
    try {
      if (kind === 'retry') await api.retryJob(queue, job.id);
      else await api.removeJob(queue, job.id);
      notify(kind === 'retry' ? `Job ${job.id} queued for retry` : `Job ${job.id} removed`, { type: 'success' });
    } catch (error) {
      notify(`${kind === 'retry' ? 'Retry' : 'Remove'} failed: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
      setPending(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: QUEUES_QUERY_KEY })]);
    }
  };

  const headingId = `failed-${queue}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h6" gutterBottom>
        Failed jobs in {queue}
      </Typography>
      <QueryState query={query} label={`failed jobs of ${queue}`}>
        {({ jobs }) =>
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
            </TableContainer>
          )
        }
      </QueryState>
      <Confirm
        isOpen={pending !== null}
        loading={busy}
        title={pending?.kind === 'remove' ? 'Remove failed job' : 'Retry failed job'}
        content={
          pending?.kind === 'remove'
            ? `Are you sure you want to remove job ${pending.job.id} (${pending.job.name}) from ${queue}?`
            : `Retry job ${pending?.job.id} (${pending?.job.name}) in ${queue}?`
        }
        confirm={pending?.kind === 'remove' ? 'Remove' : 'Retry'}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
