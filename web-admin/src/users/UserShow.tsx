import LogoutIcon from '@mui/icons-material/Logout';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Chip } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  EditButton,
  FunctionField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useGetIdentity,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { DateField } from '../common/DateField';
import { errorMessage, useApi } from '../api';
import { PageHeading } from '../common/PageHeading';
import { formatDateTime } from '../common/format';
import { PLAN_CHOICES, ROLE_CHOICES, STATUS_CHOICES, STATUS_COLORS } from './choices';

/** Ends every session of the user at once (their tokens stop working). */
function SignOutEverywhereButton() {
  const record = useRecordContext();
  const api = useApi();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="Sign out everywhere" onClick={() => setConfirming(true)}>
        <LogoutIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Sign out everywhere"
        content={`End every session of ${record.name}?`}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            await api.signOutEverywhere(String(record.id));
            notify(`${record.name} was signed out everywhere`, { type: 'success' });
          } catch (error) {
            notify(`Failed to sign the user out: ${errorMessage(error)}`, { type: 'error' });
          }
        }}
      />
    </>
  );
}

/** Another administrator's lost phone: turns their two-factor sign-in off (audited); they set it up again at their next sign-in. */
function ResetTwoFactorButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const api = useApi();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  if (!record || record.role !== 'admin' || identity?.id === record.id) return null;
  return (
    <>
      <Button label="Reset two-factor" onClick={() => setConfirming(true)}>
        <PhonelinkEraseIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Reset two-factor sign-in"
        content={`Turn off the two-factor sign-in of ${record.name}? Do this only when you are sure it is them who lost their phone: they will set it up again at their next sign-in.`}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            await api.resetTwoFactor(String(record.id));
            notify(`Two-factor sign-in of ${record.name} was reset`, { type: 'success' });
          } catch (error) {
            notify(`Failed to reset two-factor sign-in: ${errorMessage(error)}`, { type: 'error' });
          }
        }}
      />
    </>
  );
}

export function UserShow() {
  return (
    <>
      <PageHeading>User Details</PageHeading>
      <Show
        title="User Details"
        actions={
          <TopToolbar>
            <SignOutEverywhereButton />
            <ResetTwoFactorButton />
            <EditButton />
          </TopToolbar>
        }
      >
        <SimpleShowLayout>
          <TextField source="name" label="Name" />
          <TextField source="email" label="Email" />
          <SelectField source="role" label="Role" choices={ROLE_CHOICES} />
          <FunctionField
            source="status"
            label="Status"
            render={(r) => (
              <Chip
                size="small"
                variant="outlined"
                label={STATUS_CHOICES.find((c) => c.id === r.status)?.name ?? r.status}
                color={STATUS_COLORS[r.status as keyof typeof STATUS_COLORS] ?? 'default'}
              />
            )}
          />
          <SelectField source="plan" label="Plan" choices={PLAN_CHOICES} />
          <DateField source="joinDate" label="Join date" />
          <FunctionField source="lastLogin" label="Last login" render={(r) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt) : 'Never')} />
          <NumberField source="coursesCompleted" label="Courses completed" />
        </SimpleShowLayout>
      </Show>
    </>
  );
}
