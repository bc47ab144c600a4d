import { DataTable, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import type { AffiliateRecord } from '../api/types';
import { DateField } from '../common/DateField';
import { WIDE_TABLE } from '../common/layout';
import { ServerExportButton } from '../common/ServerExportButton';
import { AffiliateStatusChip } from './AffiliateStatusChip';
import { STATUS_CHOICES } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, email or code" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} emptyText="All statuses" alwaysOn />,
];

function ListActions() {
  return (
    <TopToolbar>
      <ServerExportButton resource="affiliates" />
    </TopToolbar>
  );
}

/** The affiliates: applications to decide and the figures of each (totals in the site currency); the sums are not sortable. */
export function AffiliateList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'appliedAt', order: 'DESC' }}
      perPage={25}
      title="Affiliates"
      exporter={false}
      sx={WIDE_TABLE}
    >
      <DataTable<AffiliateRecord> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="code" />
        <DataTable.Col source="status" render={(r) => <AffiliateStatusChip status={r.status} />} />
        <DataTable.NumberCol source="clicks" disableSort />
        <DataTable.NumberCol source="sales" disableSort />
        <DataTable.Col source="pendingTotal" label="Pending" align="right" disableSort render={(r) => `${r.pendingTotal} ${r.currency}`} />
        <DataTable.Col source="payableTotal" label="Payable" align="right" disableSort render={(r) => `${r.payableTotal} ${r.currency}`} />
        <DataTable.Col source="paidTotal" label="Paid" align="right" disableSort render={(r) => `${r.paidTotal} ${r.currency}`} />
        <DataTable.Col source="appliedAt" label="Applied" field={DateField} />
      </DataTable>
    </List>
  );
}
