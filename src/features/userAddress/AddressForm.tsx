import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import { toAsciiDigits } from '../../../common/digits';
import { EGYPT_MOBILE } from '../../lib/phone';

const ADDRESS_MESSAGES = {
  incomplete: 'من فضلك اكمل البيانات',
  badPhone: 'رقم الهاتف يجب ان يكون 11 رقم لهاتف محمول مصري',
} as const;

interface AddressFormProps {
  initial?: AddressInput;
  submitLabel: string;
  /** Called with checked, trimmed values (ASCII digits in the phone). */
  onSubmit: (input: AddressInput) => Promise<void>;
}

/** Alias, details and phone (add and edit address); the form state stays here, not in Redux. */
export default function AddressForm({
  initial = { alias: '', details: '', phone: '' },
  submitLabel,
  onSubmit,
}: AddressFormProps) {
  const [values, setValues] = useState<AddressInput>(initial);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof AddressInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      alias: values.alias.trim(),
      details: values.details.trim(),
      phone: toAsciiDigits(values.phone.trim()),
    };
    if (!input.alias || !input.details || !input.phone) {
      toast.warn(ADDRESS_MESSAGES.incomplete);
      return;
    }
    if (!EGYPT_MOBILE.test(input.phone)) {
      toast.warn(ADDRESS_MESSAGES.badPhone);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(input);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="bg-white border rounded p-3 d-flex flex-column gap-3"
      style={{ maxWidth: 640 }}
    >
      <Form.Group controlId="address-alias">
        <Form.Label>تسمية العنوان</Form.Label>
        <Form.Control value={values.alias} onChange={set('alias')} placeholder="مثال: المنزل، العمل" maxLength={50} />
      </Form.Group>
      <Form.Group controlId="address-details">
        <Form.Label>العنوان بالتفصيل</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={values.details}
          onChange={set('details')}
          placeholder="المدينة، الحي، الشارع، رقم المبنى"
          maxLength={500}
        />
      </Form.Group>
      <Form.Group controlId="address-phone">
        <Form.Label>رقم الهاتف</Form.Label>
        <Form.Control
          type="tel"
          inputMode="tel"
          value={values.phone}
          onChange={set('phone')}
          placeholder="11 رقما يبدأ بـ 01"
          autoComplete="tel"
        />
      </Form.Group>
      <div>
        <Button type="submit" variant="dark" disabled={busy} className="px-4">
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
