import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { errorMessage, useApi, type Backup } from '../api';
import { formatDateTime } from '../common/format';
import { useConsoleAction } from '../common/useConsoleAction';

const isUnfinished = (backup: Backup) => backup.status === 'pending' || backup.status === 'running';

const STATUS_COLOR = { pending: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The latest backups (GET /api/admin/backups), refreshed while one is still running. */
export function BackupList() {
  const api = useApi();
  const { data, error, isPending } = useGetList<Backup>(
    'backups',
    { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' } },
    { refetchInterval: (query) => (query.state.data?.data.some(isUnfinished) ? 2000 : false) },
  );

  const download = useConsoleAction((backup: Backup) => api.downloadBackup(backup.downloadUrl!, backup.name), { failure: 'Download failed', refresh: false });

  if (isPending) return <Typography variant="body2">Loading backups...</Typography>;
  if (error) return <Alert severity="warning">Could not load backups: {errorMessage(error)}</Alert>;
  if (!data?.length) return <Typography variant="body2">No backups yet.</Typography>;

  return (
    <TableContainer>
      <Table size="small" aria-label="Backups">
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((backup) => (
            <TableRow key={backup.id}>
              <TableCell sx={{ wordBreak: 'break-all' }}>
                {backup.name}
                {backup.method && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'normal' }}>
                    {backup.method === 'built-in' ? 'Built-in exporter' : backup.method}
                    {backup.note ? ` — ${backup.note}` : ''}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{formatDateTime(backup.completedAt ?? backup.createdAt)}</TableCell>
              <TableCell>
                <Chip size="small" label={backup.status} color={STATUS_COLOR[backup.status]} variant="outlined" />
                {backup.error && (
                  <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                    {backup.error}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatBytes(backup.size)}</TableCell>
              <TableCell>
                {backup.downloadUrl && (
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    disabled={download.isPending && download.variables?.id === backup.id}
                    onClick={() => download.mutate(backup)}
                    aria-label={`Download ${backup.name}`}
                  >
                    Download
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
