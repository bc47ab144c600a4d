import { DateField as RaDateField, useRecordContext, type DateFieldProps } from 'react-admin';
import { dateOptions } from './format';

/** react-admin's DateField in the zone of Settings > General > Timezone ("Nov 25, 2026, 5:10 AM PST" with showTime). */
export function DateField(props: DateFieldProps) {
  const record = useRecordContext(props);
  const value = props.source?.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], record);
  return <RaDateField locales="en-US" options={dateOptions(Boolean(props.showTime), value)} {...props} />;
}
