import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { FunctionField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { PaymentDetail } from '../api';
import { DateField } from '../common/DateField';
import { formatDateTime } from '../common/format';
import { paidWith } from './choices';
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

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Germany (DE)": the buyer's country as given at checkout. */
const countryLabel = (code: string | null) => (code ? `${regionNames.of(code) ?? code} (${code})` : '-');

export function PaymentShow() {
  return (
    <Show title="Payment" actions={<PaymentActions />}>
      <SimpleShowLayout>
        <TextField source="id" label="Payment id" />
        <TextField source="email" />
        <TextField source="state" />
        <FunctionField label="Amount" render={(r) => `${r.amount} ${r.currency}`} />
        <FunctionField
          label="Coupon"
          render={(r) => (r.couponCode ? `${r.couponCode}: −${r.discountAmount} ${r.currency} off ${r.listAmount} ${r.currency}` : 'None')}
        />
        <TextField source="invoiceNumber" label="Invoice" emptyText="-" />
        <TextField source="creditNoteNumber" label="Credit note" emptyText="-" />
        <FunctionField<PaymentDetail>
          label="Tax"
          render={(r) => (r.taxRate !== null ? `${r.taxAmount} ${r.currency} included (${r.taxRate}%)` : 'No tax charged')}
        />
        <TextField source="buyerCompany" label="Buyer company" emptyText="-" />
        <FunctionField<PaymentDetail> label="Buyer country" render={(r) => countryLabel(r.buyerCountry)} />
        <TextField source="buyerVatId" label="Buyer VAT ID" emptyText="-" />
        <TextField source="buyerAddress" label="Billing address" emptyText="-" sx={{ whiteSpace: 'pre-line' }} />
        <FunctionField label="Paid with" render={(r) => paidWith(r)} />
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
