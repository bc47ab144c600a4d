import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  DateTimeInput,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import type { CouponRecord } from '../api/types';
import { KeepUnsavedChanges } from '../components/session/KeepUnsavedChanges';
import { useWatch } from 'react-hook-form';

const KIND_CHOICES = [
  { id: 'percent', name: 'Percent off' },
  { id: 'fixed', name: 'Fixed amount off' },
];
const CURRENCY_CHOICES = ['USD', 'EUR', 'GBP', 'CAD'].map((id) => ({ id, name: id }));

const discountText = (r: CouponRecord) => (r.kind === 'percent' ? `${String(r.percentOff)}%` : `${String(r.amountOff)} ${String(r.currency)}`);

export function CouponList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} pagination={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="code" />
        <FunctionField label="Discount" render={discountText} />
        <FunctionField
          label="Redemptions"
          render={(r: CouponRecord) => `${String(r.redemptions)}${r.maxRedemptions ? ` / ${String(r.maxRedemptions)}` : ''}`}
        />
        <DateField source="validFrom" label="Valid from" emptyText="—" />
        <DateField source="validTo" label="Valid to" emptyText="—" />
        <BooleanField source="oncePerEmail" label="One per email" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

/** The amount fields that match the kind: a percentage, or an amount with its currency. */
function DiscountInputs() {
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  return kind === 'fixed' ? (
    <>
      <TextInput source="amountOff" label="Amount off" validate={required()} helperText="e.g. 50.00" />
      <SelectInput source="currency" choices={CURRENCY_CHOICES} validate={required()} />
    </>
  ) : (
    <NumberInput source="percentOff" label="Percent off" validate={required()} min={0} max={100} />
  );
}

function CouponForm() {
  return (
    <SimpleForm>
      <KeepUnsavedChanges />
      <TextInput source="code" validate={required()} helperText="Letters, digits, - or _ (kept upper case)" />
      <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} />
      <DiscountInputs />
      <DateTimeInput source="validFrom" label="Valid from" />
      <DateTimeInput source="validTo" label="Valid to" />
      <NumberInput source="maxRedemptions" label="Maximum redemptions" helperText="Empty: no limit" min={1} />
      <BooleanInput source="oncePerEmail" label="One per email" />
      <BooleanInput source="active" defaultValue={true} />
    </SimpleForm>
  );
}

function Redeemed() {
  const record = useRecordContext<CouponRecord>();
  if (!record) return null;
  return <NumberField source="redemptions" label="Redemptions so far" />;
}

export function CouponCreate() {
  return (
    <Create redirect="list">
      <CouponForm />
    </Create>
  );
}

export function CouponEdit() {
  return (
    <Edit mutationMode="pessimistic" aside={<Redeemed />}>
      <CouponForm />
    </Edit>
  );
}
