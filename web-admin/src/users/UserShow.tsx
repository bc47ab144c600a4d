import LogoutIcon from '@mui/icons-material/Logout';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Chip, TextField as MuiTextField, Typography } from '@mui/material';
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
  useRecordContext,
} from 'react-admin';
import { DateField } from '../common/DateField';
import { useApi } from '../api';
import type { UserRecord } from '../api/types';
import { useConsoleAction } from '../common/useConsoleAction';
import { PageHeading } from '../common/PageHeading';
import { formatDateTime } from '../common/format';
import { PLAN_CHOICES, ROLE_CHOICES, STATUS_CHOICES, STATUS_COLORS } from './choices';

/** Ends every session of the user at once (their tokens stop working). */
function SignOutEverywhereButton() {
  const record = useRecordContext<UserRecord>();
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const signOut = useConsoleAction((user: UserRecord) => api.signOutEverywhere(String(user.id)), {
    success: (_, user) => `${user.name} was signed out everywhere`,
    failure: 'Failed to sign the user out',
    refresh: false,
  });
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
        onConfirm={() => {
          setConfirming(false);
          signOut.mutate(record);
        }}
      />
    </>
  );
}

/** Another administrator's lost phone: turns their two-factor sign-in off (audited); they set it up again at their next sign-in. */
function ResetTwoFactorButton() {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const reset = useConsoleAction(({ user, password }: { user: UserRecord; password: string }) => api.resetTwoFactor(String(user.id), password), {
    success: (_, { user }) => `Two-factor sign-in of ${user.name} was reset`,
    failure: 'Failed to reset two-factor sign-in',
    refresh: false,
  });
  if (!record || record.role !== 'admin' || identity?.id === record.id) return null;
  const close = () => {
    setConfirming(false);
    setPassword('');
  };
  return (
    <>
      <Button label="Reset two-factor" onClick={() => setConfirming(true)}>
        <PhonelinkEraseIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Reset two-factor sign-in"
        content={
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              Turn off the two-factor sign-in of {record.name}? Do this only when you are sure it is them who lost their phone: every session of theirs ends,
              and they will set it up again at their next sign-in.
            </Typography>
            <MuiTextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              fullWidth
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        }
        onClose={close}
        onConfirm={() => {
          const given = password;
          close();
          reset.mutate({ user: record, password: given });
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
