import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateInput, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { DateField } from '../common/DateField';
import { formatDateTime } from '../common/format';
import { WIDE_TABLE } from '../common/layout';
import { ScalePagination } from '../common/ScalePagination';
import { ServerExportButton } from '../common/ServerExportButton';
import { PAYMENT_PROVIDER_CHOICES, PAYMENT_STATE_CHOICES, paidWith } from './choices';

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

/** On a phone each payment is a short card (who, how much, how, when, its state), not a table to swipe. */
function PaymentCards() {
  return (
    <SimpleList
      linkType="show"
      primaryText={(r) => r.email}
      secondaryText={(r) => `${r.amount} ${r.currency} · ${paidWith(r)} · ${formatDateTime(r.createdAt)}`}
      tertiaryText={(r) => (r.refundRequest ? `${r.state} · refund ${r.refundRequest.status}` : r.state)}
      sx={{ '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } }}
    />
  );
}

export function PaymentList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
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
      {phone ? (
        <PaymentCards />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="email" />
          <DataTable.Col source="state" />
          <DataTable.Col source="amount" render={(r) => `${r.amount} ${r.currency}`} />
          <DataTable.Col source="couponCode" label="Coupon" disableSort render={(r) => (r.couponCode ? `${r.couponCode} (−${r.discountAmount})` : '')} />
          <DataTable.Col source="invoiceNumber" label="Invoice" disableSort />
          <DataTable.Col source="payCurrency" label="Paid with" disableSort render={(r) => paidWith(r)} />
          <DataTable.Col source="provider" disableSort />
          <DataTable.Col source="createdAt" label="Created" field={DateField} />
          <DataTable.Col source="paidAt" label="Paid" field={DateField} />
          <DataTable.Col source="refundRequest" label="Refund request" disableSort render={(r) => (r.refundRequest ? String(r.refundRequest.status) : '')} />
        </DataTable>
      )}
    </List>
  );
}
