import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../../lib/toast';
import type { CouponBody } from '../../../api/admin/coupons';
import { parseNumberInput } from '../../../../common/digits';
import { DISCOUNT_RANGE_MESSAGE, EXPIRE_IN_PAST_MESSAGE } from '../../../components/admin/adminErrors';
import { COMPLETE_DATA_MESSAGE } from '../../../components/admin/adminMessages';
import FieldError from '../../../components/admin/FieldError';
import { expiresAhead, isCouponDiscount } from '../../../../common/rules/coupon';
import { useRequiredFields } from '../../../components/admin/requiredFields';

export interface CouponFormValues {
  name: string;
  /** YYYY-MM-DD ('' = not chosen). */
  expire: string;
  discount: string;
}

const EMPTY_COUPON_FORM: CouponFormValues = { name: '', expire: '', discount: '' };
/** What each required field says while it is empty. */
const MISSING: Record<keyof CouponFormValues, string> = {
  name: 'اكتب اسم الكوبون',
  expire: 'اختر تاريخ الانتهاء',
  discount: 'اكتب نسبة الخصم',
};
const ID: Record<keyof CouponFormValues, string> = {
  name: 'coupon-name',
  expire: 'coupon-expire',
  discount: 'coupon-discount',
};

/** Today in the browser's calendar, as YYYY-MM-DD (a coupon is valid to the end of its expiry day). */
function todayDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface CouponFormProps {
  /** The coupon being edited; none: an empty form (adding a coupon). */
  initialValues?: CouponFormValues;
  submitLabel: string;
  /** Resolves true when the form should be emptied (a coupon was added). */
  onSubmit: (body: CouponBody) => Promise<boolean>;
}

/** Name, expiry date (a text box that becomes a date picker on focus, SPEC §2) and discount %. */
export default function CouponForm({ initialValues = EMPTY_COUPON_FORM, submitLabel, onSubmit }: CouponFormProps) {
  const [values, setValues] = useState(initialValues);
  const [dateFocused, setDateFocused] = useState(false);
  const [busy, setBusy] = useState(false);
  const required = useRequiredFields<keyof CouponFormValues>();
  const change = (key: keyof CouponFormValues, value: string) => {
    setValues({ ...values, [key]: value });
    if (value.trim()) required.filled(key);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const discount = parseNumberInput(values.discount) ?? 0;
    const filled = { name: values.name.trim() !== '', expire: values.expire !== '', discount: discount > 0 };
    const fields = (['name', 'expire', 'discount'] as const).map((key) => ({
      key,
      id: ID[key],
      filled: filled[key],
      message: MISSING[key],
    }));
    if (!required.check(fields)) {
      toast.warn(COMPLETE_DATA_MESSAGE);
      return;
    }
    // Checked here as the server does (API.md §5.10), so the admin learns the cause before anything is sent.
    if (!isCouponDiscount(discount)) {
      toast.warn(DISCOUNT_RANGE_MESSAGE);
      return;
    }
    // A coupon that has already expired keeps its date when only its name or discount is edited.
    // The chosen day ends at midnight in the owner's calendar, as the date picker shows it.
    if (values.expire !== initialValues.expire && !expiresAhead(new Date(`${values.expire}T23:59:59.999`))) {
      toast.warn(EXPIRE_IN_PAST_MESSAGE);
      return;
    }
    setBusy(true);
    const reset = await onSubmit({ name: values.name.trim(), expire: values.expire, discount });
    if (reset) setValues(EMPTY_COUPON_FORM);
    setBusy(false);
  };

  return (
    <Form onSubmit={handleSubmit} noValidate>
      <fieldset disabled={busy} className="d-grid gap-3" style={{ maxWidth: 520 }}>
        <Form.Group controlId={ID.name}>
          <Form.Label>اسم الكوبون</Form.Label>
          <Form.Control
            {...required.invalidProps('name', ID.name)}
            value={values.name}
            onChange={(e) => change('name', e.target.value)}
          />
          <FieldError id={ID.name} message={required.missing.name} />
        </Form.Group>
        <Form.Group controlId={ID.expire}>
          <Form.Label>تاريخ الانتهاء</Form.Label>
          <Form.Control
            {...required.invalidProps('expire', ID.expire)}
            type={dateFocused || values.expire ? 'date' : 'text'}
            placeholder="تاريخ الانتهاء"
            value={values.expire}
            min={todayDate()}
            onFocus={() => setDateFocused(true)}
            onBlur={() => setDateFocused(false)}
            onChange={(e) => change('expire', e.target.value)}
          />
          <FieldError id={ID.expire} message={required.missing.expire} />
        </Form.Group>
        <Form.Group controlId={ID.discount}>
          <Form.Label>نسبة الخصم (%)</Form.Label>
          <Form.Control
            {...required.invalidProps('discount', ID.discount)}
            inputMode="decimal"
            value={values.discount}
            onChange={(e) => change('discount', e.target.value)}
          />
          <FieldError id={ID.discount} message={required.missing.discount} />
        </Form.Group>
        <div>
          <Button type="submit" variant="dark" className="px-4">
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
