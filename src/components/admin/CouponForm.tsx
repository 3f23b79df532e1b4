import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../lib/toast';
import type { CouponBody } from '../../api/admin/coupons';
import { parseNumberInput } from '../../lib/digits';
import { COMPLETE_DATA_MESSAGE } from './adminMessages';

export interface CouponFormValues {
  name: string;
  /** YYYY-MM-DD ('' = not chosen). */
  expire: string;
  discount: string;
}

export const EMPTY_COUPON_FORM: CouponFormValues = { name: '', expire: '', discount: '' };

interface CouponFormProps {
  initialValues: CouponFormValues;
  submitLabel: string;
  /** Resolves true when the form should be emptied (a coupon was added). */
  onSubmit: (body: CouponBody) => Promise<boolean>;
}

/** Name, expiry date (a text box that becomes a date picker on focus, SPEC §2) and discount %. */
export default function CouponForm({ initialValues, submitLabel, onSubmit }: CouponFormProps) {
  const [values, setValues] = useState(initialValues);
  const [dateFocused, setDateFocused] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const discount = parseNumberInput(values.discount) ?? 0;
    if (!values.name.trim() || !values.expire || discount <= 0) {
      toast.warn(COMPLETE_DATA_MESSAGE);
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
        <Form.Group controlId="coupon-name">
          <Form.Label>اسم الكوبون</Form.Label>
          <Form.Control value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
        </Form.Group>
        <Form.Group controlId="coupon-expire">
          <Form.Label>تاريخ الانتهاء</Form.Label>
          <Form.Control
            type={dateFocused || values.expire ? 'date' : 'text'}
            placeholder="تاريخ الانتهاء"
            value={values.expire}
            onFocus={() => setDateFocused(true)}
            onBlur={() => setDateFocused(false)}
            onChange={(e) => setValues({ ...values, expire: e.target.value })}
          />
        </Form.Group>
        <Form.Group controlId="coupon-discount">
          <Form.Label>نسبة الخصم (%)</Form.Label>
          <Form.Control inputMode="decimal" value={values.discount} onChange={(e) => setValues({ ...values, discount: e.target.value })} />
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
