import ReplayIcon from '@mui/icons-material/Sync';
import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useState } from 'react';
import { ListButton, TopToolbar, useRecordContext } from 'react-admin';
import { useApi } from '../api';
import type { PaymentDetail } from '../api/types';
import { useConsoleAction } from '../common/useConsoleAction';
import { DocumentButtons } from './DocumentButtons';
import { RefundDialog } from './RefundDialog';

/** The invoice and credit note downloads, Refund (paid payments only) and Reconcile (ask the provider and apply its view). */
export function PaymentActions() {
  const payment = useRecordContext<PaymentDetail>();
  const api = useApi();
  const [refunding, setRefunding] = useState(false);
  const reconcile = useConsoleAction((current: PaymentDetail) => api.reconcilePayment(current.id), {
    success: (result, current) => `Reconciled: the payment is ${String(result.state ?? current.state)}`,
    failure: 'Reconcile failed',
  });

  return (
    <TopToolbar>
      <ListButton />
      <DocumentButtons />
      <Button startIcon={<ReplayIcon />} onClick={() => payment && reconcile.mutate(payment)} disabled={!payment || reconcile.isPending}>
        Reconcile
      </Button>
      <Button color="error" startIcon={<UndoIcon />} onClick={() => setRefunding(true)} disabled={payment?.state !== 'PAID'}>
        Refund
      </Button>
      {payment && refunding && <RefundDialog payment={payment} open onClose={() => setRefunding(false)} />}
    </TopToolbar>
  );
}
