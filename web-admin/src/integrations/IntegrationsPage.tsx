import { Box } from '@mui/material';
import { ApiKeysSection } from './ApiKeysSection';

/** /integrations: how other tools reach the platform (the admin API's keys). */
export default function IntegrationsPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <ApiKeysSection />
    </Box>
  );
}
