import { CheckboxGroupInput, TextInput } from 'react-admin';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText, requiredUrl } from '../shared/validation';

const PAYMENT_MODELS = ['RevShare', 'CPA', 'Hybrid'].map((id) => ({ id, name: id }));

function AffiliateProgramInputs() {
  return (
    <>
      <TextInput source="name" label="Name" validate={requiredText('Name', 120)} fullWidth />
      <TextInput source="website" label="Website" type="url" validate={requiredUrl('Website')} fullWidth />
      <TextInput source="description" label="Description" validate={optionalText('Description', 2000)} multiline minRows={3} fullWidth />
      <TextInput source="minPayout" label="Minimum payout" validate={optionalText('Minimum payout', 40)} helperText="e.g. $50" />
      <CheckboxGroupInput source="paymentModels" label="Payment models" choices={PAYMENT_MODELS} defaultValue={[]} />
      <PublishingInputs />
    </>
  );
}

export const AffiliateProgramCreate = () => (
  <ResourceCreate title="New affiliate program">
    <AffiliateProgramInputs />
  </ResourceCreate>
);

export const AffiliateProgramEdit = () => (
  <ResourceEdit title="Edit affiliate program">
    <AffiliateProgramInputs />
  </ResourceEdit>
);
