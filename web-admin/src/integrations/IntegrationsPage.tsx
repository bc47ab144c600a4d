import { Box, Stack } from '@mui/material';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

/** /integrations: how other tools reach the platform (outbound webhooks) and how they call it (the admin API's keys). */
export default function IntegrationsPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={2}>
        <WebhooksSection />
        <ApiKeysSection />
      </Stack>
    </Box>
  );
}
