import { DataTable, DateInput, FilterButton, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { DateField } from '../common/DateField';
import { WIDE_TABLE } from '../common/layout';
import { ScalePagination } from '../common/ScalePagination';
import { ServerExportButton } from '../common/ServerExportButton';
import { PAYMENT_PROVIDER_CHOICES, PAYMENT_STATE_CHOICES } from './choices';

const REFUND_REQUEST_CHOICES = [
  { id: 'pending', name: 'Requested (pending)' },
  { id: 'refunded', name: 'Refunded' },
  { id: 'declined', name: 'Declined' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search email" />,
  <SelectInput key="state" source="state" label="State" choices={PAYMENT_STATE_CHOICES} emptyText="All states" alwaysOn />,
  <SelectInput key="refundRequest" source="refundRequest" label="Refund request" choices={REFUND_REQUEST_CHOICES} emptyText="Any" alwaysOn />,
  <SelectInput key="provider" source="provider" label="Provider" choices={PAYMENT_PROVIDER_CHOICES} emptyText="All providers" />,
  <DateInput key="from" source="from" label="Created from" />,
  <DateInput key="to" source="to" label="Created before" />,
];

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ServerExportButton resource="payments" />
    </TopToolbar>
  );
}

export function PaymentList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ScalePagination />}
      title="Payments"
      exporter={false}
      sx={WIDE_TABLE}
    >
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="email" />
        <DataTable.Col source="state" />
        <DataTable.Col source="amount" render={(r) => `${r.amount} ${r.currency}`} />
        <DataTable.Col source="payCurrency" label="Paid in" disableSort render={(r) => [r.currencyCode, r.network].filter(Boolean).join(' · ')} />
        <DataTable.Col source="provider" disableSort />
        <DataTable.Col source="createdAt" label="Created" field={DateField} />
        <DataTable.Col source="paidAt" label="Paid" field={DateField} />
        <DataTable.Col source="refundRequest" label="Refund request" disableSort render={(r) => (r.refundRequest ? String(r.refundRequest.status) : '')} />
      </DataTable>
    </List>
  );
}
