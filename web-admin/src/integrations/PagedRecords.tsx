import { Alert, TablePagination, Typography } from '@mui/material';
import { errorMessage } from '../api';
import { ResponsiveTable, type TableColumn } from '../common/ResponsiveTable';

export const PER_PAGE = 25;

interface PagedRecordsProps<R> {
  /** What the records are, for the messages: "API keys" gives "Could not load the API keys", "Loading the API keys...", "No API keys yet." */
  noun: string;
  error: unknown;
  isPending: boolean;
  rows: R[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  columns: Array<TableColumn<R>>;
  rowKey: (row: R) => string;
  labelledBy: string;
}

/** One page of an Integrations list (API keys, webhook endpoints): its load error, loading and empty states, the table and its pager. */
export function PagedRecords<R>({ noun, error, isPending, rows, total, page, onPageChange, columns, rowKey, labelledBy }: PagedRecordsProps<R>) {
  if (error)
    return (
      <Alert severity="warning">
        Could not load the {noun}: {errorMessage(error)}
      </Alert>
    );
  if (isPending)
    return (
      <Typography variant="body2" role="status">
        Loading the {noun}...
      </Typography>
    );
  if (rows.length === 0) return <Typography variant="body2">No {noun} yet.</Typography>;
  return (
    <>
      <ResponsiveTable rows={rows} columns={columns} rowKey={rowKey} labelledBy={labelledBy} />
      {total > PER_PAGE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_, next) => onPageChange(next)}
        />
      )}
    </>
  );
}
