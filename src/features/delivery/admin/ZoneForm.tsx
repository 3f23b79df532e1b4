import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ShippingZone } from '../../../api/admin/delivery';
import type { Governorate } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import { describeAdminError } from '../../../components/admin/adminErrors';
import { ADD_FAILURE_MESSAGE, SAVE_FAILURE_MESSAGE } from '../../../components/admin/adminMessages';
import SubmitForm from '../../../components/SubmitForm';
import { parseNumberInput } from '../../../../common/digits';
import { createZone, updateZone } from '../adminThunks';
import { ZONE_NAME_MAX, zoneFormProblem, type ZoneFormValues } from './zoneForm';

const ZONE_ADDED_MESSAGE = 'تمت اضافة منطقة الشحن بنجاح';
const ZONE_SAVED_MESSAGE = 'تم حفظ منطقة الشحن بنجاح';

interface ZoneFormProps {
  /** The zone being edited; none: a new zone. */
  zone?: ShippingZone;
  governorates: Governorate[];
  /** Every zone, to say where a governorate is now (it moves to this zone when chosen). */
  zones: ShippingZone[];
  /** Called once the zone is saved (the server's refusal is shown in the form instead). */
  onSaved: () => void;
  onCancel: () => void;
}

const toText = (amount: number | null | undefined) => (amount === null || amount === undefined ? '' : String(amount));

/**
 * Name, fee, free-shipping threshold, cash on delivery and its fee, and the zone's governorates; saves a new zone or
 * the changed one through the delivery slice.
 */
export default function ZoneForm({ zone, governorates, zones, onSaved, onCancel }: ZoneFormProps) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ZoneFormValues>({
    name: zone?.name ?? '',
    fee: toText(zone?.fee),
    freeShippingFrom: toText(zone?.freeShippingFrom),
    cashOnDelivery: zone?.cashOnDelivery ?? true,
    cashFee: toText(zone?.cashFee),
    governorates: zone?.governorates ?? [],
  });
  const set = (change: Partial<ZoneFormValues>) => setValues((current) => ({ ...current, ...change }));

  const zoneOf = (code: string) => zones.find((other) => other._id !== zone?._id && other.governorates.includes(code));

  const toggle = (code: string, chosen: boolean) =>
    set({
      governorates: chosen
        ? [...values.governorates, code]
        : values.governorates.filter((chosenCode) => chosenCode !== code),
    });

  const submit = () => {
    const local = zoneFormProblem(values);
    if (local) return local;
    const optional = (text: string) => (text.trim() === '' ? null : parseNumberInput(text));
    const body = {
      name: values.name.trim(),
      fee: parseNumberInput(values.fee) ?? 0,
      freeShippingFrom: optional(values.freeShippingFrom),
      cashOnDelivery: values.cashOnDelivery,
      cashFee: optional(values.cashFee),
      // In the shop's order, whatever order they were ticked in.
      governorates: governorates.map((g) => g.code).filter((code) => values.governorates.includes(code)),
    };
    return {
      send: () => (zone ? dispatch(updateZone({ id: zone._id, body })).unwrap() : dispatch(createZone(body)).unwrap()),
      success: zone ? ZONE_SAVED_MESSAGE : ZONE_ADDED_MESSAGE,
      then: onSaved,
    };
  };

  return (
    <SubmitForm
      label={zone ? `تعديل منطقة ${zone.name}` : 'اضافة منطقة شحن'}
      layout="stack"
      onSubmit={submit}
      failureText={(err) => describeAdminError(err, zone ? SAVE_FAILURE_MESSAGE : ADD_FAILURE_MESSAGE).message}
    >
      <Form.Group controlId="zone-name">
        <Form.Label>اسم المنطقة</Form.Label>
        <Form.Control
          value={values.name}
          maxLength={ZONE_NAME_MAX}
          placeholder="مثال: القاهرة الكبرى"
          onChange={(e) => set({ name: e.target.value })}
        />
      </Form.Group>
      <div className="row g-3">
        <Form.Group controlId="zone-fee" className="col-12 col-sm-6">
          <Form.Label>رسوم الشحن (جنيه)</Form.Label>
          <Form.Control inputMode="decimal" value={values.fee} onChange={(e) => set({ fee: e.target.value })} />
        </Form.Group>
        <Form.Group controlId="zone-free-from" className="col-12 col-sm-6">
          <Form.Label>شحن مجاني للطلبات من (جنيه)</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={values.freeShippingFrom}
            aria-describedby="zone-free-from-help"
            onChange={(e) => set({ freeShippingFrom: e.target.value })}
          />
          <Form.Text id="zone-free-from-help">اتركه فارغا اذا لم يكن هناك شحن مجاني</Form.Text>
        </Form.Group>
      </div>
      <div className="row g-3 align-items-start">
        <Form.Group controlId="zone-cash" className="col-12 col-sm-6 pt-sm-4">
          <Form.Check
            type="switch"
            label="الدفع عند الاستلام متاح"
            checked={values.cashOnDelivery}
            onChange={(e) => set({ cashOnDelivery: e.target.checked })}
          />
        </Form.Group>
        <Form.Group controlId="zone-cash-fee" className="col-12 col-sm-6">
          <Form.Label>رسوم الدفع عند الاستلام (جنيه)</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={values.cashFee}
            disabled={!values.cashOnDelivery}
            aria-describedby="zone-cash-fee-help"
            onChange={(e) => set({ cashFee: e.target.value })}
          />
          <Form.Text id="zone-cash-fee-help">اتركه فارغا لتطبيق رسوم المتجر من الاعدادات</Form.Text>
        </Form.Group>
      </div>
      <fieldset>
        <legend className="fs-6 mb-2">المحافظات ({values.governorates.length})</legend>
        <div className="row row-cols-1 row-cols-sm-2 g-1 border rounded p-2 overflow-auto" style={{ maxHeight: 260 }}>
          {governorates.map((governorate) => {
            const chosen = values.governorates.includes(governorate.code);
            const other = zoneOf(governorate.code);
            return (
              <div key={governorate.code} className="col">
                <Form.Check id={`zone-gov-${governorate.code}`} className="mb-0">
                  <Form.Check.Input checked={chosen} onChange={(e) => toggle(governorate.code, e.target.checked)} />
                  <Form.Check.Label>
                    {governorate.name}
                    {other && (
                      <span className={`d-block small ${chosen ? 'text-warning-emphasis' : 'text-muted'}`}>
                        {chosen ? `ستنتقل من ${other.name}` : `في ${other.name}`}
                      </span>
                    )}
                  </Form.Check.Label>
                </Form.Check>
              </div>
            );
          })}
        </div>
      </fieldset>
      {/* Stays in view at the dialog's foot while the long governorate list scrolls (phones). */}
      <div className="d-flex gap-2 position-sticky bottom-0 bg-body py-2 border-top">
        <Button type="submit" variant="dark" className="px-4">
          {zone ? 'حفظ التعديلات' : 'اضافة المنطقة'}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          تراجع
        </Button>
      </div>
    </SubmitForm>
  );
}
