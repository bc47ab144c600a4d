import { email, PasswordInput, required, SelectInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import { KeepUnsavedChanges } from '../components/session/KeepUnsavedChanges';
import { PLAN_CHOICES, ROLE_CHOICES, STATUS_CHOICES } from './choices';

const validateName = required('Name is required');
const validateEmail = [required('Email is required'), email('Please enter a valid email address')];

/** The user form; the server checks the same rules and answers field errors (e.g. a duplicate email) shown on the fields. */
export function UserForm({ creating, ...props }: { creating?: boolean } & Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm noValidate {...props} sx={{ maxWidth: 560 }}>
      <KeepUnsavedChanges />
      <TextInput source="name" label="Name" validate={validateName} fullWidth />
      <TextInput source="email" label="Email" type="email" validate={validateEmail} fullWidth />
      <SelectInput source="role" label="Role" choices={ROLE_CHOICES} defaultValue="student" validate={required()} />
      <SelectInput source="status" label="Status" choices={STATUS_CHOICES} defaultValue="active" validate={required()} />
      <SelectInput source="plan" label="Plan" choices={PLAN_CHOICES} defaultValue="free" validate={required()} />
      {creating && (
        <PasswordInput source="password" label="Initial password" helperText="Optional: without one, the user gets an email to choose a password" fullWidth />
      )}
    </SimpleForm>
  );
}
