import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Checkbox, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetList } from 'react-admin';
import { errorMessage, queryKeys, useApi, type DeadLetter } from '../api';
import { formatDateTime } from '../common/format';
import { useConsoleAction } from '../common/useConsoleAction';

const PER_PAGE = 25;

type PendingRetry = { ids: string[] } | { all: number };

/**
 * Event deliveries that stopped retrying (a poison event, or retries that
 * outlasted an outage): every one, page by page, with its error; retry the
 * chosen ones or all of them once the cause is fixed.
 */
export function DeadLetters() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<PendingRetry | null>(null);
  const {
    data = [],
    total = 0,
    isPending,
    error,
  } = useGetList<DeadLetter>('dead-letters', {
    pagination: { page: page + 1, perPage: PER_PAGE },
    sort: { field: 'deadAt', order: 'DESC' },
  });

  const toggle = (id: string) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const allOnPage = data.length > 0 && data.every((d) => selected.includes(d.id));

  const retry = useConsoleAction((ids: string[] | undefined) => api.retryDeadLetters(ids), {
    success: ({ retried }) => `${retried} dead ${retried === 1 ? 'letter' : 'letters'} sent for delivery again`,
    failure: 'Retry failed',
    refresh: false,
    invalidate: [queryKeys.queues, queryKeys.deadLetters],
  });
  const run = () => {
    if (!pending) return;
    retry.mutate('ids' in pending ? pending.ids : undefined, {
      onSuccess: () => {
        setSelected([]);
        setPage(0);
      },
      onSettled: () => setPending(null),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="dead-letters-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id="dead-letters-heading" component="h3" variant="h6">
          Dead letters
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" startIcon={<ReplayIcon />} disabled={selected.length === 0} onClick={() => setPending({ ids: selected })}>
            Retry selected ({selected.length})
          </Button>
          <Button size="small" variant="outlined" startIcon={<ReplayIcon />} disabled={total === 0} onClick={() => setPending({ all: total })}>
            Retry all {total}
          </Button>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Events a consumer could not record after all its retries. Fix the cause shown, then retry: consumers are idempotent, so nothing is applied twice.
      </Typography>
      {error ? (
        <Typography role="alert" color="error">
          Could not load the dead letters: {errorMessage(error)}
        </Typography>
      ) : isPending ? (
        <Typography variant="body2">Loading…</Typography>
      ) : data.length === 0 ? (
        <Typography variant="body2">No dead letters.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="dead-letters-heading">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    onChange={() =>
                      setSelected(allOnPage ? selected.filter((id) => !data.some((d) => d.id === id)) : [...new Set([...selected, ...data.map((d) => d.id)])])
                    }
                    slotProps={{ input: { 'aria-label': 'Select every dead letter on this page' } }}
                  />
                </TableCell>
                <TableCell>Consumer</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Error</TableCell>
                <TableCell>Dead since</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((letter) => (
                <TableRow key={letter.id} data-testid={`dead-letter-${letter.eventId}`} selected={selected.includes(letter.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(letter.id)}
                      onChange={() => toggle(letter.id)}
                      slotProps={{ input: { 'aria-label': `Select ${letter.consumer} of event ${letter.eventId}` } }}
                    />
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {letter.consumer}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {letter.queue}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {letter.eventType}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {letter.eventId} · {formatDateTime(letter.occurredAt)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ color: 'error.main', wordBreak: 'break-word', maxWidth: 420 }}>{letter.error}</TableCell>
                  <TableCell>{letter.deadAt ? formatDateTime(letter.deadAt) : ''}</TableCell>
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
      )}
      <Confirm
        isOpen={pending !== null}
        loading={retry.isPending}
        title="Retry dead letters"
        content={
          pending && 'all' in pending
            ? `Deliver all ${pending.all} dead letters again?`
            : `Deliver the ${pending?.ids.length ?? 0} selected dead letters again?`
        }
        confirm="Retry"
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
