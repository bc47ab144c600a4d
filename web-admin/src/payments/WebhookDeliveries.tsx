import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { PaymentDetail } from '../api';
import { formatDateTime } from '../common/format';

/** Every provider notification (IPN, reconcile, sandbox) recorded for the payment, in arrival order. */
export function WebhookDeliveries() {
  const record = useRecordContext<PaymentDetail>();
  const events = record?.events ?? [];
  if (events.length === 0) return <Typography variant="body2">No webhook deliveries recorded</Typography>;
  return (
    <Table size="small" aria-label="Webhook deliveries">
      <TableHead>
        <TableRow>
          <TableCell>Received</TableCell>
          <TableCell>Source</TableCell>
          <TableCell>Provider status</TableCell>
          <TableCell>Outcome</TableCell>
          <TableCell>Processed</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell>{formatDateTime(e.receivedAt)}</TableCell>
            <TableCell>{e.source}</TableCell>
            <TableCell>{e.providerStatus ?? '-'}</TableCell>
            <TableCell>{e.outcome ?? '-'}</TableCell>
            <TableCell>{formatDateTime(e.processedAt) || '-'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
