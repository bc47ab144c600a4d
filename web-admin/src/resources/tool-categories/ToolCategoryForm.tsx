import { TextInput } from 'react-admin';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText } from '../shared/validation';

function ToolCategoryInputs() {
  return (
    <>
      <TextInput source="title" label="Title" validate={requiredText('Title', 120)} fullWidth />
      <TextInput source="icon" label="Icon" validate={optionalText('Icon', 60)} helperText="An icon name or emoji shown next to the title" />
      <PublishingInputs />
    </>
  );
}

export const ToolCategoryCreate = () => (
  <ResourceCreate title="New tool category">
    <ToolCategoryInputs />
  </ResourceCreate>
);

export const ToolCategoryEdit = () => (
  <ResourceEdit title="Edit tool category">
    <ToolCategoryInputs />
  </ResourceEdit>
);
