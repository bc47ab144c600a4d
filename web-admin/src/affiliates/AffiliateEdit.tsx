import {
  Edit,
  FunctionField,
  NumberField,
  RadioButtonGroupInput,
  regex,
  required,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AffiliateRecord, AffiliateUpdate, CommissionType } from '../api/types';
import { DateField } from '../common/DateField';
import { PageHeading } from '../common/PageHeading';
import { KeepUnsavedChanges } from '../components/session/KeepUnsavedChanges';
import { AffiliateStatusActions } from './AffiliateStatusActions';
import { AffiliateStatusChip } from './AffiliateStatusChip';
import { COMMISSION_OVERRIDE_CHOICES, payoutMethodName } from './choices';

const validatePercent = [required(), regex(/^(100|\d{1,2})$/, 'A whole percentage from 0 to 100')];
const validateAmount = [required(), regex(/^\d{1,7}(\.\d{1,2})?$/, 'An amount such as 50.00')];

/** The facts in columns on a wide screen; the promotion plan, a paragraph, across them. */
const FACTS_GRID = {
  '& .RaSimpleShowLayout-stack': {
    display: 'grid',
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
    columnGap: 2,
    rowGap: 1,
  },
  '& .ra-field-promotionPlan': { gridColumn: '1 / -1' },
  '& .ra-field-website a': { overflowWrap: 'anywhere' },
};

/** Who the affiliate is, how they are paid, and their figures (in the site currency). */
function AffiliateFacts() {
  return (
    <SimpleShowLayout spacing={0} sx={FACTS_GRID}>
      <TextField source="name" />
      <TextField source="email" />
      <TextField source="code" label="Referral code" />
      <FunctionField<AffiliateRecord> source="status" render={(r) => <AffiliateStatusChip status={r.status} />} />
      <FunctionField<AffiliateRecord> source="payoutMethod" label="Payout method" render={(r) => payoutMethodName(r.payoutMethod)} />
      <TextField source="payoutDetails" label="Payout details" sx={{ overflowWrap: 'anywhere' }} />
      <UrlField source="website" emptyText="—" target="_blank" rel="noopener noreferrer" />
      <TextField source="promotionPlan" label="How they will promote" sx={{ whiteSpace: 'pre-line' }} />
      <NumberField source="clicks" />
      <NumberField source="sales" />
      <FunctionField<AffiliateRecord> source="pendingTotal" label="Pending" render={(r) => `${r.pendingTotal} ${r.currency}`} />
      <FunctionField<AffiliateRecord> source="payableTotal" label="Payable" render={(r) => `${r.payableTotal} ${r.currency}`} />
      <FunctionField<AffiliateRecord> source="paidTotal" label="Paid" render={(r) => `${r.paidTotal} ${r.currency}`} />
      <DateField source="appliedAt" label="Applied" showTime />
      <DateField source="decidedAt" label="Decided" showTime emptyText="—" />
    </SimpleShowLayout>
  );
}

/** The value that goes with the chosen commission: a percentage or an amount; none for the programme's. */
function CommissionValueInput() {
  const type = useWatch({ name: 'commissionType' }) as CommissionType | 'none' | null;
  if (type === 'percent') return <TextInput source="commissionValue" label="Commission (percent of the sale)" validate={validatePercent} />;
  if (type === 'fixed')
    return <TextInput source="commissionValue" label="Commission per sale" validate={validateAmount} helperText="e.g. 50.00, in the currency of the sale" />;
  return null;
}

/** Only what PUT /api/admin/affiliates/{id} changes; "none" and an empty coupon are sent as null. */
function toUpdate(values: Record<string, unknown>): AffiliateUpdate {
  const type = values.commissionType === 'percent' || values.commissionType === 'fixed' ? values.commissionType : null;
  const coupon = typeof values.couponCode === 'string' ? values.couponCode.trim() : '';
  return {
    commissionType: type,
    commissionValue: type ? String(values.commissionValue) : null,
    couponCode: coupon === '' ? null : coupon,
  };
}

function AffiliateTitle() {
  const record = useRecordContext<AffiliateRecord>();
  return <>Affiliate {record ? record.name : ''}</>;
}

/** One affiliate: the decision on their application (the toolbar), their commission override and their own coupon code. */
export function AffiliateEdit() {
  return (
    <>
      <PageHeading>Affiliate</PageHeading>
      <Edit<AffiliateRecord> title={<AffiliateTitle />} mutationMode="pessimistic" redirect={false} actions={<AffiliateStatusActions />} transform={toUpdate}>
        <AffiliateFacts />
        <SimpleForm>
          <KeepUnsavedChanges />
          <RadioButtonGroupInput
            source="commissionType"
            label="Commission"
            choices={COMMISSION_OVERRIDE_CHOICES}
            format={(value: CommissionType | null | undefined) => value ?? 'none'}
            row={false}
          />
          <CommissionValueInput />
          <TextInput
            source="couponCode"
            label="Own coupon code"
            helperText="A coupon created under Coupons: a sale with it is attributed to this affiliate; empty: none"
          />
        </SimpleForm>
      </Edit>
    </>
  );
}
