import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { useApi, type AdminDataProvider } from '../api';
import { useConsoleAction } from './useConsoleAction';

type ExportableResource = Parameters<AdminDataProvider['exportCsv']>[0];

/** Export: the server streams the CSV of the current filter (cells escaped against formula injection), in the list's sort order where it pages by keyset. */
export function ServerExportButton({ resource }: { resource: ExportableResource }) {
  const api = useApi();
  const { filterValues, sort } = useListContext();
  const exportCsv = useConsoleAction((_: void) => api.exportCsv(resource, filterValues, resource === 'courses' ? undefined : sort), {
    failure: 'Export failed',
    refresh: false,
  });
  return (
    <Button label="Export" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
      <DownloadIcon />
    </Button>
  );
}
