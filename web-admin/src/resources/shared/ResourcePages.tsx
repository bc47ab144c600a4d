import type { ReactElement, ReactNode } from 'react';
import {
  BooleanField,
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  List,
  SearchInput,
  SimpleForm,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { errorMessage } from '../../api';
import { readableErrorLabels } from '../../common/errorContrast';
import { KeepUnsavedChanges } from '../../components/session/KeepUnsavedChanges';
import { WIDE_TABLE } from '../../common/layout';
import { PageHeading } from '../../common/PageHeading';

/** react-admin's default notification on failure, with the server's reason (its field errors land on the fields). */
function useFailureMessage(action: string) {
  const notify = useNotify();
  return (error: unknown) => notify(`Failed to ${action}: ${errorMessage(error)}`, { type: 'error' });
}

export function ResourceCreate({ title, children }: { title: string; children: ReactNode }) {
  const onError = useFailureMessage('create');
  return (
    <Create title={title} redirect="list" mutationOptions={{ onError }}>
      <PageHeading>{title}</PageHeading>
      <SimpleForm noValidate sx={{ maxWidth: 720, ...readableErrorLabels }}>
        <KeepUnsavedChanges />
        {children}
      </SimpleForm>
    </Create>
  );
}

export function ResourceEdit({ title, children }: { title: string; children: ReactNode }) {
  const onError = useFailureMessage('save');
  return (
    <Edit title={title} mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }}>
      <PageHeading>{title}</PageHeading>
      <SimpleForm noValidate sx={{ maxWidth: 720, ...readableErrorLabels }}>
        <KeepUnsavedChanges />
        {children}
      </SimpleForm>
    </Edit>
  );
}

function DeleteRowButton({ nameField }: { nameField: string }) {
  const record = useRecordContext();
  const onError = useFailureMessage('delete');
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      confirmTitle={`Delete ${record?.[nameField] ?? 'this entry'}`}
      confirmContent="Are you sure you want to delete it? Learners will no longer see it."
    />
  );
}

const searchFilter = <SearchInput key="q" source="q" alwaysOn placeholder="Search" />;

/** A searchable, sortable list with edit and delete (with confirmation) on each row. */
export function ResourceList({
  title,
  nameField,
  extraFilters = [],
  children,
}: {
  title: string;
  nameField: string;
  extraFilters?: ReactElement[];
  children: ReactNode;
}) {
  return (
    <List title={title} filters={[searchFilter, ...extraFilters]} sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25} sx={WIDE_TABLE}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        {children}
        <BooleanField source="published" label="Published" />
        <EditButton />
        <DeleteRowButton nameField={nameField} />
      </Datagrid>
    </List>
  );
}
