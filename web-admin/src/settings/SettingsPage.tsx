import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys, useApi, type Settings } from '../api';
import { QueryState } from '../common/QueryState';
import { AffiliatesTab } from './AffiliatesTab';
import { LegalPagesTab } from './LegalPagesTab';
import { RecoveryTab } from './RecoveryTab';
import { EmailTab, GeneralTab, NotificationsTab, PaymentsTab, SecurityTab, SystemTab } from './SettingsTabs';

const TABS = [
  { id: 'general', label: 'General', Panel: GeneralTab },
  { id: 'security', label: 'Security', Panel: SecurityTab },
  { id: 'notifications', label: 'Notifications', Panel: NotificationsTab },
  { id: 'system', label: 'System', Panel: SystemTab },
  { id: 'payments', label: 'Payments', Panel: PaymentsTab },
  { id: 'affiliates', label: 'Affiliates', Panel: AffiliatesTab },
  { id: 'recovery', label: 'Recovery', Panel: RecoveryTab },
  { id: 'email', label: 'Email', Panel: EmailTab },
  { id: 'legal', label: 'Legal pages', Panel: LegalPagesTab },
] as const;

/** /admin/settings: the sections from GET /api/admin/settings, each saved on its own, and the legal pages (their own API). */
export default function SettingsPage() {
  const api = useApi();
  const [tab, setTab] = useState(0);
  const query = useQuery<Settings>({ queryKey: queryKeys.settings, queryFn: () => api.getSettings() });
  const { Panel, id } = TABS[tab];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <QueryState query={query} label="settings">
        {(settings) => (
          <Paper variant="outlined">
            <Tabs value={tab} onChange={(_, next: number) => setTab(next)} variant="scrollable" scrollButtons="auto" aria-label="Settings sections">
              {TABS.map((t, i) => (
                <Tab key={t.id} label={t.label} id={`settings-tab-${t.id}`} aria-controls={`settings-panel-${t.id}`} value={i} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`settings-panel-${id}`} aria-labelledby={`settings-tab-${id}`} sx={{ p: { xs: 2, sm: 3 } }}>
              <Panel key={id} settings={settings} />
            </Box>
          </Paper>
        )}
      </QueryState>
    </Box>
  );
}
