import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { errorMessage, useApi, type AdminDataProvider } from '../api';

type ExportableResource = Parameters<AdminDataProvider['exportCsv']>[0];

/** Export: the server streams the CSV of the current filter (cells escaped against formula injection), in the list's sort order where it pages by keyset. */
export function ServerExportButton({ resource }: { resource: ExportableResource }) {
  const api = useApi();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      label="Export"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await api.exportCsv(resource, filterValues, resource === 'courses' ? undefined : sort);
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
