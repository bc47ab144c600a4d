import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { type WebhookEndpointRecord } from '../api';
import { type TableColumn } from '../common/ResponsiveTable';
import { PagedRecords, PER_PAGE } from './PagedRecords';
import { useSetWebhookEnabled } from './useWebhookActions';
import { WebhookDetailsDialog } from './WebhookDetailsDialog';
import { WebhookEndpointDialog } from './WebhookEndpointDialog';

const HEADING_ID = 'webhooks-heading';

/**
 * Outbound webhooks: the endpoints, newest first, with their events and
 * status; add or edit one, enable or disable it, and open one for its
 * secret, examples, a test event and its delivery log.
 */
export function WebhooksSection() {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<WebhookEndpointRecord | 'new' | null>(null);
  const [opened, setOpened] = useState<WebhookEndpointRecord | null>(null);
  const setEnabled = useSetWebhookEnabled();
  const {
    data = [],
    total = 0,
    isPending,
    error,
  } = useGetList<WebhookEndpointRecord>('webhooks', { pagination: { page: page + 1, perPage: PER_PAGE }, sort: { field: 'createdAt', order: 'DESC' } });

  const columns: TableColumn<WebhookEndpointRecord>[] = [
    {
      label: 'URL',
      render: (e) => (
        <>
          <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {e.url}
          </Box>
          {e.description && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {e.description}
            </Typography>
          )}
        </>
      ),
    },
    { label: 'Events', render: (e) => e.eventTypes.join(', ') },
    {
      label: 'Status',
      render: (e) => (
        <>
          <Chip size="small" color={e.status === 'enabled' ? 'success' : 'default'} label={e.status === 'enabled' ? 'Enabled' : 'Disabled'} />
          {e.disabledReason && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {e.disabledReason}
            </Typography>
          )}
        </>
      ),
    },
    {
      label: 'Actions',
      render: (e) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button size="small" onClick={() => setOpened(e)} aria-label={`Open the webhook endpoint ${e.url}`}>
            Log & secret
          </Button>
          <Button size="small" onClick={() => setEditing(e)} aria-label={`Edit the webhook endpoint ${e.url}`}>
            Edit
          </Button>
          <Button
            size="small"
            color={e.status === 'enabled' ? 'warning' : 'primary'}
            disabled={setEnabled.isPending}
            onClick={() => setEnabled.mutate({ endpoint: e, enabled: e.status !== 'enabled' })}
            aria-label={`${e.status === 'enabled' ? 'Disable' : 'Enable'} the webhook endpoint ${e.url}`}
          >
            {e.status === 'enabled' ? 'Disable' : 'Enable'}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={HEADING_ID}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={HEADING_ID} component="h2" variant="h6">
          Webhooks
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add webhook endpoint
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Events are POSTed to your endpoints as they happen, signed to the Standard Webhooks specification (<code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code>, <code>webhook-signature</code>), retried for about a day when the receiver fails, and kept in a log you can resend from.
      </Typography>
      <PagedRecords
        noun="webhook endpoints"
        error={error}
        isPending={isPending}
        rows={data}
        total={total}
        page={page}
        onPageChange={setPage}
        columns={columns}
        rowKey={(e) => e.id}
        labelledBy={HEADING_ID}
      />
      {editing && <WebhookEndpointDialog endpoint={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {opened && <WebhookDetailsDialog endpoint={data.find((e) => e.id === opened.id) ?? opened} onClose={() => setOpened(null)} />}
    </Paper>
  );
}
