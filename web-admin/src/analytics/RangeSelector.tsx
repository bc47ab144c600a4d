import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { AnalyticsRange } from '../api';

export const RANGES: { value: AnalyticsRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '1y', label: 'Last year' },
];

export function RangeSelector({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={(_, next: AnalyticsRange | null) => next && onChange(next)} aria-label="Analytics range">
      {RANGES.map((range) => (
        <ToggleButton key={range.value} value={range.value} aria-label={range.label}>
          {range.value}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
