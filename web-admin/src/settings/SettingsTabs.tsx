import BackupIcon from '@mui/icons-material/Backup';
import CachedIcon from '@mui/icons-material/Cached';
import EmailIcon from '@mui/icons-material/Email';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { BooleanInput, maxValue, minValue, number, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { useApi, type Settings } from '../api';
import { ActionButton } from './ActionButton';
import { BackupList } from './BackupList';
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
          <TextInput source="siteName" label="Site name" fullWidth />
          <TextInput source="siteDescription" label="Site description" multiline minRows={2} fullWidth />
          <TextInput source="adminEmail" label="Admin email" type="email" fullWidth />
          <SelectInput source="timezone" label="Timezone" choices={TIMEZONE_CHOICES} validate={required()} />
          <SelectInput source="language" label="Language" choices={LANGUAGE_CHOICES} validate={required()} />
          <TextInput source="groupChatUrl" label="Group chat link" type="url" fullWidth />
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
              helperText={`${SESSION_TIMEOUT.min} to ${SESSION_TIMEOUT.max} minutes; applies to new admin sign-ins`}
            />
          </>
        )}
      </SettingsSectionForm>
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
          <BooleanInput source="systemAlerts" label="System alerts" />
        </>
      )}
    </SettingsSectionForm>
  );
}

export function SystemTab({ settings }: { settings: Settings }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const backup = async () => {
    await api.startBackup();
    await queryClient.invalidateQueries({ queryKey: ['backups'] });
  };
  return (
    <>
      <SettingsSectionForm section="system" stored={settings.system}>
        {() => (
          <>
            <BooleanInput
              source="maintenanceMode"
              label="Maintenance mode"
              helperText="Learners see a maintenance page; administrators keep working"
            />
            <BooleanInput source="debugMode" label="Debug mode" />
            <BooleanInput source="cacheEnabled" label="Cache enabled" />
            <SelectInput source="backupFrequency" label="Backup frequency" choices={BACKUP_FREQUENCY_CHOICES} validate={required()} />
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
            success="Backup initiated successfully!"
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
          <TextInput source="paypalClientId" label="PayPal client ID" fullWidth />
          <SelectInput source="currency" label="Currency" choices={CURRENCY_CHOICES} validate={required()} />
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
