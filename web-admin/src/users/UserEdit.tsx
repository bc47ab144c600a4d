import { Edit } from 'react-admin';
import { PageHeading } from '../common/PageHeading';
import { UserForm } from './UserForm';
import { useUserMutationMessages } from './userMessages';

export function UserEdit() {
  const messages = useUserMutationMessages();
  return (
    <>
      <PageHeading>Edit User</PageHeading>
      <Edit title="Edit User" mutationMode="pessimistic" redirect="show" mutationOptions={{ onError: messages.updateFailed }}>
        <UserForm />
      </Edit>
    </>
  );
}
