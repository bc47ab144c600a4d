import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { errorMessage, useApi } from '../api';

/** Export: the server writes the CSV of the current filter (cells escaped against formula injection). */
export function ServerExportButton({ resource }: { resource: 'courses' | 'users' }) {
  const api = useApi();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      label="Export"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await api.exportCsv(resource, filterValues);
        } catch (error) {
          notify(`Export failed: ${errorMessage(error)}`, { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <DownloadIcon />
    </Button>
  );
}
