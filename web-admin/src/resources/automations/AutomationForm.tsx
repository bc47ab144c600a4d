import { TextInput } from 'react-admin';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText, requiredUrl } from '../shared/validation';

function AutomationInputs() {
  return (
    <>
      <TextInput source="name" label="Name" validate={requiredText('Name', 120)} fullWidth />
      <TextInput source="description" label="Description" validate={optionalText('Description', 2000)} multiline minRows={3} fullWidth />
      <TextInput source="icon" label="Icon" validate={optionalText('Icon', 60)} />
      <TextInput source="department" label="Department" validate={optionalText('Department', 60)} />
      <TextInput source="category" label="Category" validate={optionalText('Category', 60)} />
      <TextInput source="link" label="Link" type="url" validate={requiredUrl('Link')} fullWidth />
      <PublishingInputs />
    </>
  );
}

export const AutomationCreate = () => (
  <ResourceCreate title="New automation template">
    <AutomationInputs />
  </ResourceCreate>
);

export const AutomationEdit = () => (
  <ResourceEdit title="Edit automation template">
    <AutomationInputs />
  </ResourceEdit>
);
