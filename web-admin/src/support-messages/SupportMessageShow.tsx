import { Button } from '@mui/material';
import { ListButton, Show, SimpleShowLayout, TextField, TopToolbar, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { DateField } from '../common/DateField';
import { errorMessage } from '../api';
import type { SupportMessageRecord } from '../api/types';

function MarkButton() {
  const record = useRecordContext<SupportMessageRecord>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const next = record.status === 'new' ? 'read' : 'new';
  return (
    <Button
      disabled={isPending}
      onClick={() =>
        void update(
          'support-messages',
          { id: record.id, data: { status: next }, previousData: record },
          { onError: (error) => notify(`Could not update the message: ${errorMessage(error)}`, { type: 'error' }) },
        )
      }
    >
      {next === 'read' ? 'Mark as Read' : 'Mark as New'}
    </Button>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ListButton />
      <MarkButton />
    </TopToolbar>
  );
}

/** One learner's message; reply by email to the address shown. */
export function SupportMessageShow() {
  return (
    <Show title="Support message" actions={<Actions />}>
      <SimpleShowLayout>
        <DateField source="createdAt" label="Received" showTime />
        <TextField source="status" />
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="subject" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      </SimpleShowLayout>
    </Show>
  );
}
