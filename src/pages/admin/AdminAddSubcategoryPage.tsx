import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FAILURE_TEXTS } from '../../lib/failures';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { describeAdminError } from '../../components/admin/adminErrors';
import { ADD_FAILURE_MESSAGE, ADD_SUCCESS_MESSAGE } from '../../components/admin/adminMessages';
import FieldError from '../../components/admin/FieldError';
import { useRequiredFields } from '../../components/admin/requiredFields';
import { useCategories } from '../../app/useCategories';
import { createSubcategory } from '../../features/subCategory/adminThunks';
import { useAdminPageMeta } from '../../lib/usePageMeta';

const CHOOSE_PARENT_MESSAGE = 'من فضلك اختر تصنيف رئيسي';
const ENTER_NAME_MESSAGE = 'من فضلك ادخل اسم التصنيف الفرعي';
const PARENT_ID = 'subcategory-parent';
const NAME_ID = 'subcategory-name';

export default function AdminAddSubcategoryPage() {
  useAdminPageMeta('اضافة تصنيف فرعي');
  const dispatch = useAppDispatch();
  const categories = useCategories({ fresh: true });
  const [category, setCategory] = useState('');
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  const required = useRequiredFields<'category' | 'name'>();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!navigator.onLine) {
      toast.warn(FAILURE_TEXTS.offline);
      return;
    }
    // Each empty field is marked beside itself; SPEC §5: an empty name is pointed out, and the request is still sent
    // (the server then refuses it) once a parent is chosen.
    const nameMissing = !name.trim();
    required.check([
      { key: 'category', id: PARENT_ID, filled: category !== '', message: CHOOSE_PARENT_MESSAGE },
      { key: 'name', id: NAME_ID, filled: !nameMissing, message: ENTER_NAME_MESSAGE },
    ]);
    if (!category) {
      toast.error(CHOOSE_PARENT_MESSAGE);
      return;
    }
    if (nameMissing) toast.warn(ENTER_NAME_MESSAGE);
    setSending(true);
    try {
      await dispatch(createSubcategory({ name: name.trim(), category })).unwrap();
      toast.success(ADD_SUCCESS_MESSAGE);
      setName('');
    } catch (err) {
      const error = describeAdminError(err, ADD_FAILURE_MESSAGE);
      // The server's refusal of an empty name is what the warning above already said.
      if (!(nameMissing && error.status === 400)) toast.error(error.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section>
      <h1 className="h4 my-3">اضافة تصنيف فرعي جديد</h1>
      <Form onSubmit={handleSubmit} noValidate className="d-grid gap-3" style={{ maxWidth: 520 }}>
        <Form.Group controlId={PARENT_ID}>
          <Form.Label>التصنيف الرئيسي</Form.Label>
          <Form.Select
            {...required.invalidProps('category', PARENT_ID)}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              if (e.target.value) required.filled('category');
            }}
          >
            <option value="">اختر تصنيف رئيسي</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
          <FieldError id={PARENT_ID} message={required.missing.category} />
        </Form.Group>
        <Form.Group controlId={NAME_ID}>
          <Form.Label>اسم التصنيف الفرعي</Form.Label>
          <Form.Control
            {...required.invalidProps('name', NAME_ID)}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (e.target.value.trim()) required.filled('name');
            }}
          />
          <FieldError id={NAME_ID} message={required.missing.name} />
        </Form.Group>
        <div>
          <Button type="submit" variant="dark" className="px-4" disabled={sending}>
            اضافة التصنيف الفرعي
          </Button>
        </div>
      </Form>
    </section>
  );
}
