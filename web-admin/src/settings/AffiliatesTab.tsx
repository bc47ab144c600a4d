import { BooleanInput, maxValue, minValue, number, NumberInput, regex, required, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Settings } from '../api';
import { ATTRIBUTION_MODEL_CHOICES, COMMISSION_TYPE_CHOICES, CURRENCY_CHOICES } from './choices';
import { SettingsSectionForm } from './SettingsSectionForm';

const days = (min: number, max: number) => [required(), number(), minValue(min, `At least ${min} days`), maxValue(max, `At most ${max} days`)];
const validateWindow = days(1, 365);
const validateHold = days(0, 365);
const validatePercent = [required(), number(), minValue(0, 'At least 0%'), maxValue(100, 'At most 100%')];
const validateAmount = [required(), regex(/^\d{1,7}(\.\d{1,2})?$/, 'An amount such as 50.00')];

/** The programme's commission: a percentage, or a fixed amount in each currency. An affiliate's own override (Affiliates) wins over it. */
function CommissionInputs() {
  const type = useWatch({ name: 'commissionType' }) as Settings['affiliates']['commissionType'] | undefined;
  if (type === 'fixed')
    return CURRENCY_CHOICES.map((c) => (
      <TextInput key={c.id} source={`commissionFixed${c.id}`} label={`Commission per sale in ${c.id}`} validate={validateAmount} helperText="e.g. 50.00" />
    ));
  return <NumberInput source="commissionPercent" label="Commission (percent of the sale)" min={0} max={100} step={1} validate={validatePercent} />;
}

export function AffiliatesTab({ settings }: { settings: Settings }) {
  return (
    <SettingsSectionForm section="affiliates" stored={settings.affiliates}>
      {() => (
        <>
          <BooleanInput source="enabled" label="Affiliate programme enabled" />
          <NumberInput
            source="attributionWindowDays"
            label="Attribution window (days)"
            min={1}
            max={365}
            step={1}
            validate={validateWindow}
            helperText="How long a referral click counts for a later purchase: 1 to 365 days"
          />
          <SelectInput
            source="attributionModel"
            label="Attribution"
            choices={ATTRIBUTION_MODEL_CHOICES}
            validate={required()}
            helperText="Which affiliate a buyer who followed several referral links belongs to; an affiliate's coupon used at checkout wins over both"
          />
          <SelectInput source="commissionType" label="Commission type" choices={COMMISSION_TYPE_CHOICES} validate={required()} />
          <CommissionInputs />
          <NumberInput
            source="holdDays"
            label="Hold before payable (days)"
            min={0}
            max={365}
            step={1}
            validate={validateHold}
            helperText="A commission becomes payable this many days after the sale (usually the refund window): 0 to 365 days"
          />
        </>
      )}
    </SettingsSectionForm>
  );
}
