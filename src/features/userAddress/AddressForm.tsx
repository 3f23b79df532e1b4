import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toAsciiDigits } from '../../../common/digits';
import { nationalMobile } from '../../../common/rules/phone';
import { ADDRESS_LIMITS } from '../../../common/rules/address';
import { fetchGovernorates, selectGovernorates } from '../../app/deliverySlice';
import { ADDRESS_MESSAGES } from '../../content/addressTexts';

interface AddressFormProps {
  initial?: AddressInput;
  submitLabel: string;
  /** Called with checked, trimmed values (ASCII digits in the phone). */
  onSubmit: (input: AddressInput) => Promise<void>;
}

const EMPTY_ADDRESS: AddressInput = { alias: '', governorate: '', city: '', details: '', phone: '' };

/**
 * Alias, governorate, city or area, details and phone (add and edit address); the form state stays here, not in
 * Redux. The governorate prices the delivery, so it is required wherever the shop has the list (a backend without
 * governorates gets none).
 */
export default function AddressForm({ initial = EMPTY_ADDRESS, submitLabel, onSubmit }: AddressFormProps) {
  const dispatch = useAppDispatch();
  const governorates = useAppSelector(selectGovernorates);
  const [values, setValues] = useState<AddressInput>({ ...EMPTY_ADDRESS, ...initial });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void dispatch(fetchGovernorates());
  }, [dispatch]);

  const set = (field: keyof AddressInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: AddressInput = {
      alias: values.alias.trim(),
      details: values.details.trim(),
      phone: toAsciiDigits(values.phone.trim()),
      city: values.city.trim(),
    };
    if (values.governorate) input.governorate = values.governorate;
    if (!input.alias || !input.details || !input.phone) {
      toast.warn(ADDRESS_MESSAGES.incomplete);
      return;
    }
    if (governorates.length > 0 && !input.governorate) {
      toast.warn(ADDRESS_MESSAGES.chooseGovernorate);
      return;
    }
    const phone = nationalMobile(input.phone);
    if (!phone) {
      toast.warn(ADDRESS_MESSAGES.badPhone);
      return;
    }
    input.phone = phone;
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
        <Form.Control
          value={values.alias}
          onChange={set('alias')}
          placeholder="مثال: المنزل، العمل"
          maxLength={ADDRESS_LIMITS.alias}
        />
      </Form.Group>
      {governorates.length > 0 && (
        <Form.Group controlId="address-governorate">
          <Form.Label>المحافظة</Form.Label>
          <Form.Select value={values.governorate ?? ''} onChange={set('governorate')} required>
            <option value="">اختر المحافظة</option>
            {governorates.map((governorate) => (
              <option key={governorate.code} value={governorate.code}>
                {governorate.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Form.Group controlId="address-city">
        <Form.Label>المدينة / المنطقة</Form.Label>
        <Form.Control
          value={values.city}
          onChange={set('city')}
          placeholder="مثال: مدينة نصر، الدقي"
          maxLength={ADDRESS_LIMITS.city}
        />
      </Form.Group>
      <Form.Group controlId="address-details">
        <Form.Label>العنوان بالتفصيل</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={values.details}
          onChange={set('details')}
          placeholder="الحي، الشارع، رقم المبنى والشقة، علامة مميزة"
          maxLength={ADDRESS_LIMITS.details}
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
