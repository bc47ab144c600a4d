import ReplayIcon from '@mui/icons-material/Replay';
import { Chip, Tooltip } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  DataTable,
  FilterButton,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useUnselectAll,
} from 'react-admin';
import { queryKeys, useApi, type MailLogEntry, type MailState } from '../api';
import { DateField } from '../common/DateField';
import { WIDE_TABLE } from '../common/layout';
import { ScalePagination } from '../common/ScalePagination';
import { useConsoleAction } from '../common/useConsoleAction';

export const MAIL_STATE_CHOICES: Array<{ id: MailState; name: string }> = [
  { id: 'owed', name: 'Owed (waiting to be sent)' },
  { id: 'failed', name: 'Failing (retried)' },
  { id: 'sent', name: 'Sent' },
  { id: 'dead', name: 'Dead (stopped retrying)' },
];

const STATE_LABEL: Record<MailState, [string, 'default' | 'success' | 'warning' | 'error']> = {
  owed: ['Owed', 'default'],
  failed: ['Failing', 'warning'],
  sent: ['Sent', 'success'],
  dead: ['Dead', 'error'],
};

const filters = [
  <SelectInput key="state" source="state" label="State" choices={MAIL_STATE_CHOICES} emptyText="All states" alwaysOn />,
  <TextInput key="to" source="to" label="Recipient (whole address)" />,
];

function StateChip() {
  const mail = useRecordContext<MailLogEntry>();
  if (!mail) return null;
  const [label, color] = STATE_LABEL[mail.state];
  return <Chip size="small" label={label} color={color} data-testid={`mail-state-${mail.id}`} />;
}

function LastError() {
  const mail = useRecordContext<MailLogEntry>();
  if (!mail?.lastError) return null;
  return (
    <Tooltip title={mail.lastError}>
      <span style={{ display: 'inline-block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'inherit' }}>
        {mail.lastError}
      </span>
    </Tooltip>
  );
}

/** Sends failed or dead mails again: the selected ones (bulk action) or, without a selection, every one. */
function RetryMailsButton({ all = false }: { all?: boolean }) {
  const api = useApi();
  const { selectedIds = [], data = [] } = useListContext<MailLogEntry>();
  const unselectAll = useUnselectAll('mail-log');
  const [open, setOpen] = useState(false);
  const chosen = all ? undefined : data.filter((m) => selectedIds.includes(m.id) && (m.state === 'failed' || m.state === 'dead')).map((m) => m.id);
  // The grid is read again whether or not the retry went through (some mails may have been queued before a failure).
  const retry = useConsoleAction((ids: string[] | undefined) => api.retryMails(ids), {
    success: ({ retried }) => `${retried} ${retried === 1 ? 'mail' : 'mails'} owed again: sent once mail works`,
    failure: 'Retry failed',
    refresh: false,
    invalidate: [queryKeys.mailLog, queryKeys.mailDelivery],
  });
  const run = () =>
    retry.mutate(chosen, {
      onSuccess: () => unselectAll(),
      onSettled: () => setOpen(false),
    });
  return (
    <>
      <Button
        label={all ? 'Retry all failed' : `Retry selected (${chosen?.length ?? 0})`}
        onClick={() => setOpen(true)}
        disabled={!all && (chosen?.length ?? 0) === 0}
      >
        <ReplayIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={retry.isPending}
        title="Send mails again"
        content={
          all
            ? 'Send every failing and dead mail again? Each is still sent at most once.'
            : `Send the ${chosen?.length ?? 0} selected mails again? Each is still sent at most once.`
        }
        confirm="Retry"
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <RetryMailsButton all />
    </TopToolbar>
  );
}

/**
 * Admin > Mail log: every mail the product owed (receipts, welcome, reset
 * links, notices...), owed, failing, sent or dead, with its attempts and the
 * mail server's newest error. Bodies are never shown: they may carry one-time links.
 */
export function MailLogList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={50}
      pagination={<ScalePagination />}
      title="Mail log"
      exporter={false}
      sx={WIDE_TABLE}
    >
      <DataTable bulkActionButtons={<RetryMailsButton />} rowClick={false}>
        <DataTable.Col source="createdAt" label="Owed at">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="to" label="To" disableSort />
        <DataTable.Col source="subject" disableSort />
        <DataTable.Col source="tag" label="Kind" disableSort />
        <DataTable.Col source="state" disableSort>
          <StateChip />
        </DataTable.Col>
        <DataTable.Col source="attempts" disableSort />
        <DataTable.Col source="lastError" label="Last error" disableSort>
          <LastError />
        </DataTable.Col>
        <DataTable.Col source="sentAt" label="Sent" disableSort>
          <DateField source="sentAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
