import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Governorate } from '../../../api/types';
import { useAppDispatch } from '../../../app/hooks';
import { describeAdminError } from '../../../components/admin/adminErrors';
import { ADD_FAILURE_MESSAGE, SAVE_FAILURE_MESSAGE } from '../../../components/admin/adminMessages';
import SubmitForm from '../../../components/SubmitForm';
import { createGovernorate, renamedGovernorate } from '../../../app/deliverySlice';
import { governorateProblem } from './zoneForm';

const GOVERNORATE_ADDED_MESSAGE = 'تمت اضافة المحافظة بنجاح';
const GOVERNORATE_RENAMED_MESSAGE = 'تم تعديل اسم المحافظة بنجاح';

interface GovernorateFormProps {
  /** The governorate being renamed (its code stays); none: a new one. */
  governorate?: Governorate;
  /** Called once the governorate is saved (the server's refusal is shown in the form instead). */
  onSaved?: () => void;
  onCancel?: () => void;
}

const EMPTY: Governorate = { code: 'EG-', name: '', nameEn: '' };

/**
 * A governorate's code (ISO 3166-2:EG style, for a new one only) and its Arabic and English names; adds the new one or
 * renames the given one through the delivery slice.
 */
export default function GovernorateForm({ governorate, onSaved, onCancel }: GovernorateFormProps) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Governorate>(governorate ?? EMPTY);
  const idPrefix = governorate ? `gov-${governorate.code}` : 'gov-new';

  const submit = () => {
    const trimmed = { code: values.code.trim().toUpperCase(), name: values.name.trim(), nameEn: values.nameEn.trim() };
    return (
      governorateProblem(trimmed) ?? {
        send: () =>
          governorate ? dispatch(renamedGovernorate(trimmed)).unwrap() : dispatch(createGovernorate(trimmed)).unwrap(),
        success: governorate ? GOVERNORATE_RENAMED_MESSAGE : GOVERNORATE_ADDED_MESSAGE,
        then: () => {
          onSaved?.();
          if (!governorate) setValues(EMPTY);
        },
      }
    );
  };

  return (
    <SubmitForm
      label={governorate ? `تعديل محافظة ${governorate.name}` : 'اضافة محافظة'}
      layout="row"
      onSubmit={submit}
      failureText={(err) => describeAdminError(err, governorate ? SAVE_FAILURE_MESSAGE : ADD_FAILURE_MESSAGE).message}
    >
      <Form.Group controlId={`${idPrefix}-code`} className="col-12 col-sm-3">
        <Form.Label>الكود</Form.Label>
        <Form.Control
          dir="ltr"
          value={values.code}
          readOnly={Boolean(governorate)}
          plaintext={Boolean(governorate)}
          maxLength={7}
          onChange={(e) => setValues({ ...values, code: e.target.value.toUpperCase() })}
        />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-name`} className="col-12 col-sm-4">
        <Form.Label>الاسم بالعربية</Form.Label>
        <Form.Control value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-name-en`} className="col-12 col-sm-5">
        <Form.Label>الاسم بالانجليزية</Form.Label>
        <Form.Control
          dir="ltr"
          value={values.nameEn}
          onChange={(e) => setValues({ ...values, nameEn: e.target.value })}
        />
      </Form.Group>
      <div className="col-12 d-flex gap-2">
        <Button type="submit" variant="dark" className="px-4">
          {governorate ? 'حفظ الاسم' : 'اضافة المحافظة'}
        </Button>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel}>
            تراجع
          </Button>
        )}
      </div>
    </SubmitForm>
  );
}
