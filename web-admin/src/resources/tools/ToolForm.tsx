import { ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText, requiredUrl } from '../shared/validation';

function ToolInputs() {
  return (
    <>
      <ReferenceInput source="categoryId" reference="tool-categories" sort={{ field: 'title', order: 'ASC' }} perPage={100}>
        <SelectInput label="Category" optionText="title" validate={required('Category is required')} helperText="At most 3 tools per category" />
      </ReferenceInput>
      <TextInput source="name" label="Name" validate={requiredText('Name', 120)} fullWidth />
      <TextInput source="description" label="Description" validate={optionalText('Description', 2000)} multiline minRows={3} fullWidth />
      <TextInput source="website" label="Website" type="url" validate={requiredUrl('Website')} fullWidth />
      <TextInput source="promoCode" label="Promo code" validate={optionalText('Promo code', 60)} />
      <TextInput source="discount" label="Discount" validate={optionalText('Discount', 60)} helperText="e.g. 20% off" />
      <PublishingInputs />
    </>
  );
}

export const ToolCreate = () => (
  <ResourceCreate title="New tool">
    <ToolInputs />
  </ResourceCreate>
);

export const ToolEdit = () => (
  <ResourceEdit title="Edit tool">
    <ToolInputs />
  </ResourceEdit>
);
