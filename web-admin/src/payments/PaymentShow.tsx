import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { PaymentDetail } from '../api';
import { DateField } from '../common/DateField';
import { formatDateTime } from '../common/format';
import { PaymentActions } from './PaymentActions';
import { RefundRequestPanel } from './RefundRequestPanel';
import { WebhookDeliveries } from './WebhookDeliveries';

function StateHistory() {
  const record = useRecordContext<PaymentDetail>();
  const history = record?.history ?? [];
  if (history.length === 0) return <Typography variant="body2">No state changes recorded</Typography>;
  return (
    <Table size="small" aria-label="State history">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>From</TableCell>
          <TableCell>To</TableCell>
          <TableCell>Reason</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((h, i) => (
          <TableRow key={i}>
            <TableCell>{formatDateTime(h.at)}</TableCell>
            <TableCell>{h.from ?? '-'}</TableCell>
            <TableCell>{h.to}</TableCell>
            <TableCell>{h.reason ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function PaymentShow() {
  return (
    <Show title="Payment" actions={<PaymentActions />}>
      <SimpleShowLayout>
        <TextField source="id" label="Payment id" />
        <TextField source="email" />
        <TextField source="state" />
        <FunctionField label="Amount" render={(r) => `${r.amount} ${r.currency}`} />
        <FunctionField label="Paid in" render={(r) => [r.currencyCode, r.network].filter(Boolean).join(' · ') || '-'} />
        <TextField source="provider" />
        <TextField source="providerStatus" label="Provider status" emptyText="-" />
        <DateField source="createdAt" label="Created" showTime />
        <DateField source="paidAt" label="Paid" showTime emptyText="-" />
        <DateField source="refundedAt" label="Refunded" showTime emptyText="-" />
        <TextField source="refundReason" label="Refund reason" emptyText="-" />
        <Labeled label="Learner's refund request">
          <RefundRequestPanel />
        </Labeled>
        <Labeled label="State history">
          <StateHistory />
        </Labeled>
        <Labeled label="Webhook deliveries">
          <WebhookDeliveries />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
