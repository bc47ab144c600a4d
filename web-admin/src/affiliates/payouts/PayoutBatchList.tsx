import DownloadIcon from '@mui/icons-material/Download';
import { Button, DataTable, List, useRecordContext } from 'react-admin';
import { useApi } from '../../api';
import type { AffiliatePayoutRecord } from '../../api/types';
import { formatDateTime } from '../../common/format';
import { useConsoleAction } from '../../common/useConsoleAction';

/** One batch's CSV for the bank or a wallet list. */
function ExportBatchButton() {
  const batch = useRecordContext<AffiliatePayoutRecord>();
  const api = useApi();
  const exportCsv = useConsoleAction((id: string) => api.exportAffiliatePayout(id), { failure: 'Export failed', refresh: false });
  if (!batch) return null;
  return (
    <Button
      label="Export CSV"
      aria-label={`Export CSV of the payout ${batch.reference}`}
      disabled={exportCsv.isPending}
      onClick={(event) => {
        event.stopPropagation();
        exportCsv.mutate(batch.id);
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

/** The payout batches marked as paid, newest first. */
export function PayoutBatchList() {
  return (
    <List<AffiliatePayoutRecord>
      resource="affiliate-payouts"
      sort={{ field: 'paidAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={false}
      title="Affiliate payouts"
    >
      <DataTable<AffiliatePayoutRecord> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="paidAt" label="Paid" render={(r) => formatDateTime(r.paidAt)} />
        <DataTable.Col source="currency" disableSort />
        <DataTable.Col source="total" align="right" disableSort render={(r) => `${r.total} ${r.currency}`} />
        <DataTable.NumberCol source="count" label="Affiliates" disableSort />
        <DataTable.Col source="reference" disableSort />
        <DataTable.Col label="CSV" disableSort>
          <ExportBatchButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
