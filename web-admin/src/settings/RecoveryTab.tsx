import { BooleanInput, maxValue, minValue, number, NumberInput, required, TextInput } from 'react-admin';
import type { Settings } from '../api';
import { SettingsSectionForm } from './SettingsSectionForm';

const validateDelay = [required(), number(), minValue(1, 'At least 1 minute'), maxValue(10080, 'At most 10080 minutes (7 days)')];

/** Abandoned-checkout reminders: on or off, the delay, the second reminder a day later, and an optional coupon offered in them. */
export function RecoveryTab({ settings }: { settings: Settings }) {
  return (
    <SettingsSectionForm section="recovery" stored={settings.recovery}>
      {() => (
        <>
          <BooleanInput
            source="remindersEnabled"
            label="Abandoned-checkout reminders"
            helperText="A buyer who started a checkout and did not pay gets a reminder with a link that resumes it"
          />
          <NumberInput
            source="delayMinutes"
            label="Reminder delay (minutes)"
            min={1}
            max={10080}
            step={1}
            validate={validateDelay}
            helperText="How long after the checkout the first reminder goes out: 60 is one hour (the default), 1440 one day"
          />
          <BooleanInput source="secondReminder" label="Second reminder after 24 hours" />
          <TextInput
            source="couponCode"
            label="Reminder coupon (optional)"
            helperText="A code from Coupons offered in the reminders and applied when the buyer resumes; empty: none"
          />
        </>
      )}
    </SettingsSectionForm>
  );
}
