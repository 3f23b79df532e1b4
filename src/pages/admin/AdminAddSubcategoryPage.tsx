import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FAILURE_TEXTS } from '../../lib/failures';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { describeAdminError } from '../../components/admin/adminErrors';
import { ADD_FAILURE_MESSAGE, ADD_SUCCESS_MESSAGE } from '../../components/admin/adminMessages';
import { useCategories } from '../../features/category/useCategories';
import { createdSubcategory } from '../../features/subCategory/adminThunks';
import { useAdminPageMeta } from '../../lib/usePageMeta';

const CHOOSE_PARENT_MESSAGE = 'من فضلك اختر تصنيف رئيسي';
const ENTER_NAME_MESSAGE = 'من فضلك ادخل اسم التصنيف الفرعي';

export default function AdminAddSubcategoryPage() {
  useAdminPageMeta('اضافة تصنيف فرعي');
  const dispatch = useAppDispatch();
  const categories = useCategories({ fresh: true });
  const [category, setCategory] = useState('');
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!navigator.onLine) {
      toast.warn(FAILURE_TEXTS.offline);
      return;
    }
    if (!category) {
      toast.error(CHOOSE_PARENT_MESSAGE);
      return;
    }
    // SPEC §5: an empty name is pointed out, and the request is still sent (the server then refuses it).
    const nameMissing = !name.trim();
    if (nameMissing) toast.warn(ENTER_NAME_MESSAGE);
    setSending(true);
    try {
      const status = await dispatch(createdSubcategory({ name: name.trim(), category })).unwrap();
      if (status === 201) {
        toast.success(ADD_SUCCESS_MESSAGE);
        setName('');
      } else {
        toast.error(ADD_FAILURE_MESSAGE);
      }
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
        <Form.Group controlId="subcategory-parent">
          <Form.Label>التصنيف الرئيسي</Form.Label>
          <Form.Select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">اختر تصنيف رئيسي</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="subcategory-name">
          <Form.Label>اسم التصنيف الفرعي</Form.Label>
          <Form.Control value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <div>
          <Button type="submit" variant="dark" className="px-4" disabled={sending}>
            حفظ التعديلات
          </Button>
        </div>
      </Form>
    </section>
  );
}
