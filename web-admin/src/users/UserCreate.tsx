import { Create } from 'react-admin';
import { PageHeading } from '../common/PageHeading';
import { UserForm } from './UserForm';
import { useUserMutationMessages } from './userMessages';

/** Only the form's fields go to the server; an empty password means "send an invitation". */
const withoutEmptyPassword = ({ password, ...user }: Record<string, unknown>) => (password ? { ...user, password } : user);

export function UserCreate() {
  const messages = useUserMutationMessages();
  return (
    <>
      <PageHeading>Add User</PageHeading>
      <Create title="Add User" redirect="show" transform={withoutEmptyPassword} mutationOptions={{ onError: messages.createFailed }}>
        <UserForm creating />
      </Create>
    </>
  );
}
