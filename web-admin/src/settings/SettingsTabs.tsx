import BackupIcon from '@mui/icons-material/Backup';
import CachedIcon from '@mui/icons-material/Cached';
import EmailIcon from '@mui/icons-material/Email';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { BooleanInput, maxValue, minValue, number, NumberInput, required, SelectInput, TextInput, useNotify } from 'react-admin';
import { queryKeys, useApi, type Backup, type Settings } from '../api';
import { ActionButton } from './ActionButton';
import { BackupList, formatBytes } from './BackupList';
import { TwoFactorCard } from '../components/two-factor/TwoFactorCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import {
  BACKUP_FREQUENCY_CHOICES,
  CURRENCY_CHOICES,
  ENCRYPTION_CHOICES,
  LANGUAGE_CHOICES,
  SESSION_TIMEOUT,
  SESSION_TIMEOUT_MESSAGE,
  TIMEZONE_CHOICES,
} from './choices';
import { SecretInput } from './SecretInput';
import { SettingsSectionForm } from './SettingsSectionForm';

const validateSessionTimeout = [
  required(SESSION_TIMEOUT_MESSAGE),
  number(SESSION_TIMEOUT_MESSAGE),
  minValue(SESSION_TIMEOUT.min, SESSION_TIMEOUT_MESSAGE),
  maxValue(SESSION_TIMEOUT.max, SESSION_TIMEOUT_MESSAGE),
];

function ActionsHeading({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="h6" gutterBottom>
      {children}
    </Typography>
  );
}

export function GeneralTab({ settings }: { settings: Settings }) {
  return (
    <SettingsSectionForm section="general" stored={settings.general}>
      {() => (
        <>
          <TextInput source="siteName" label="Site name" validate={required()} fullWidth />
          <TextInput source="siteDescription" label="Site description" multiline minRows={2} fullWidth />
          <TextInput source="adminEmail" label="Admin email" type="email" validate={required()} fullWidth />
          <SelectInput source="timezone" label="Timezone" choices={TIMEZONE_CHOICES} validate={required()} />
          <SelectInput source="language" label="Language" choices={LANGUAGE_CHOICES} validate={required()} />
          <TextInput source="groupChatUrl" label="Group chat link" type="url" fullWidth />
          <TextInput
            source="supportEmail"
            label="Support email"
            type="email"
            fullWidth
            helperText="Shown in the footer, on payment failure screens and in every email; empty: the admin email"
          />
          <TextInput source="supportUrl" label="Support page URL (optional)" type="url" fullWidth />
          <TextInput source="sellerName" label="Seller name (receipts)" fullWidth helperText="Empty: the site name" />
          <TextInput source="sellerAddress" label="Seller address (receipts)" multiline minRows={2} fullWidth />
          <TextInput
            source="sellerTaxId"
            label="Seller VAT/tax ID (invoices)"
            fullWidth
            helperText="Printed under the seller on invoices and credit notes; empty: none"
          />
          <TextInput
            source="taxRates"
            label="Tax rates by buyer country"
            fullWidth
            placeholder="DE=19, FR=20, ES=21"
            helperText="Country code = rate in percent, separated by commas (DE=19, FR=20, CH=8.1). Prices include the tax: an invoice to a buyer of a listed country shows net, rate and tax; empty: no tax charged"
          />
        </>
      )}
    </SettingsSectionForm>
  );
}

export function SecurityTab({ settings }: { settings: Settings }) {
  return (
    <>
      <SettingsSectionForm section="security" stored={settings.security}>
        {() => (
          <>
            <BooleanInput source="twoFactorEnabled" label="Two-factor authentication" />
            <NumberInput
              source="sessionTimeout"
              label="Session timeout (minutes)"
              min={SESSION_TIMEOUT.min}
              max={SESSION_TIMEOUT.max}
              step={1}
              validate={validateSessionTimeout}
              helperText={`${SESSION_TIMEOUT.min} to ${SESSION_TIMEOUT.max} minutes without activity; a warning comes 2 minutes before, and no session lasts longer than 12 hours`}
            />
          </>
        )}
      </SettingsSectionForm>
      <TwoFactorCard />
      <Divider sx={{ mt: 3 }} />
      <ChangePasswordForm />
    </>
  );
}

export function NotificationsTab({ settings }: { settings: Settings }) {
  return (
    <SettingsSectionForm section="notifications" stored={settings.notifications}>
      {() => (
        <>
          <BooleanInput source="emailNotifications" label="Email notifications" />
          <BooleanInput source="newUserNotifications" label="New user notifications" />
          <BooleanInput source="courseCompletionNotifications" label="Course completion notifications" />
          <BooleanInput
            source="lessonDigest"
            label="New lessons digest to learners"
            helperText="One email a day to each learner listing the dripped lessons that opened for them"
          />
          <BooleanInput source="systemAlerts" label="System alerts" />
        </>
      )}
    </SettingsSectionForm>
  );
}

const validateRetention = [required(), number(), minValue(1, 'At least 1 day'), maxValue(3650, 'At most 3650 days')];

/** Checks the backup every 1.5 s until the worker has finished it (or given up). */
async function finished(getBackup: (id: string) => Promise<Backup>, id: string): Promise<Backup> {
  for (;;) {
    const backup = await getBackup(id);
    if (backup.status === 'completed') return backup;
    if (backup.status === 'failed') throw new Error(backup.error ?? 'the backup failed');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

export function SystemTab({ settings }: { settings: Settings }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  /** "Backup initiated" when it starts; success (with its size) only once the dump is complete. */
  const backup = async (): Promise<Backup> => {
    const started = await api.startBackup();
    notify('Backup initiated successfully!', { type: 'info' });
    await queryClient.invalidateQueries({ queryKey: queryKeys.backups });
    try {
      return await finished(api.getBackup, started.backup.id);
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.backups });
    }
  };
  return (
    <>
      <SettingsSectionForm section="system" stored={settings.system}>
        {() => (
          <>
            <BooleanInput source="maintenanceMode" label="Maintenance mode" helperText="Learners see a maintenance page; administrators keep working" />
            <BooleanInput
              source="debugMode"
              label="Debug mode"
              helperText="Every API and worker process logs at debug level (request details, job timings) while it is on; learners see nothing different. The console's top bar shows a Debug mode badge meanwhile."
            />
            <BooleanInput source="cacheEnabled" label="Cache enabled" />
            <SelectInput source="backupFrequency" label="Backup frequency" choices={BACKUP_FREQUENCY_CHOICES} validate={required()} />
            <NumberInput
              source="backupRetentionDays"
              label="Keep backups for (days)"
              min={1}
              max={3650}
              step={1}
              validate={validateRetention}
              helperText="Older backups are deleted after each new one; the newest complete backup is always kept"
            />
          </>
        )}
      </SettingsSectionForm>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-label="Maintenance actions">
        <ActionsHeading>Maintenance</ActionsHeading>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <ActionButton
            label="Backup now"
            icon={<BackupIcon />}
            success={(done: Backup) => `Backup completed: ${done.name} (${formatBytes(done.size)})`}
            failure="Backup failed"
            run={backup}
          />
          <ActionButton
            label="Clear cache"
            icon={<CachedIcon />}
            success="Cache cleared successfully!"
            failure="Failed to clear cache"
            run={() => api.clearCache()}
          />
        </Stack>
        <BackupList />
      </Box>
    </>
  );
}

export function PaymentsTab({ settings }: { settings: Settings }) {
  return (
    <SettingsSectionForm section="payments" stored={settings.payments}>
      {(stored) => (
        <>
          <TextInput source="cardPublicKey" label="Card provider public key" fullWidth />
          <SecretInput source="cardSecretKey" label="Card provider secret key" stored={stored.includes('cardSecretKey')} />
          <SecretInput source="cardWebhookSecret" label="Card provider webhook signing secret" stored={stored.includes('cardWebhookSecret')} />
          <TextInput source="paypalClientId" label="PayPal client ID" fullWidth />
          <SecretInput source="paypalClientSecret" label="PayPal client secret" stored={stored.includes('paypalClientSecret')} />
          <TextInput source="paypalWebhookId" label="PayPal webhook ID" fullWidth />
          <SelectInput source="currency" label="Currency" choices={CURRENCY_CHOICES} validate={required()} />
          {CURRENCY_CHOICES.map((c) => (
            <Stack key={c.id} direction="row" spacing={2}>
              <TextInput source={`price${c.id}`} label={`Price in ${c.id}`} validate={required()} />
              <TextInput source={`compareAt${c.id}`} label={`Compare-at price in ${c.id}`} validate={required()} />
            </Stack>
          ))}
          <SecretInput source="cryptoApiKey" label="Crypto processor API key" stored={stored.includes('cryptoApiKey')} />
          <SecretInput source="cryptoIpnSecret" label="Crypto processor IPN secret" stored={stored.includes('cryptoIpnSecret')} />
        </>
      )}
    </SettingsSectionForm>
  );
}

export function EmailTab({ settings }: { settings: Settings }) {
  const api = useApi();
  return (
    <>
      <SettingsSectionForm section="email" stored={settings.email}>
        {(stored) => (
          <>
            <TextInput source="smtpHost" label="SMTP host" fullWidth />
            <NumberInput source="smtpPort" label="SMTP port" min={1} max={65535} step={1} validate={[required(), number()]} />
            <TextInput source="smtpUsername" label="SMTP username" autoComplete="off" fullWidth />
            <SecretInput source="smtpPassword" label="SMTP password" stored={stored.includes('smtpPassword')} />
            <SelectInput source="smtpEncryption" label="Encryption" choices={ENCRYPTION_CHOICES} validate={required()} />
            <TextInput source="fromEmail" label="From address" type="email" fullWidth />
          </>
        )}
      </SettingsSectionForm>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-label="Email actions">
        <ActionsHeading>Test email</ActionsHeading>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Sends a test message to the admin email (General tab) with the saved settings.
        </Typography>
        <ActionButton
          label="Send test email"
          icon={<EmailIcon />}
          success="Test email sent successfully!"
          failure="Test email failed"
          run={() => api.sendTestEmail()}
        />
      </Box>
    </>
  );
}
