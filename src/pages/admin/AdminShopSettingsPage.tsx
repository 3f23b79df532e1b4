import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { describeAdminError } from '../../components/admin/adminErrors';
import { SAVE_FAILURE_MESSAGE } from '../../components/admin/adminMessages';
import {
  settingsToValues,
  valuesToSettings,
  type ShopSettingsValues,
} from '../../features/shopSettings/admin/shopSettingsForm';
import type { ShopSettings } from '../../api/admin/shopSettings';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import {
  fetchShopSettings,
  saveShopSettings,
  selectShopSettings,
  shopSettingsClosed,
} from '../../features/shopSettings/shopSettingsSlice';
import { toast } from '../../lib/toast';
import { useAdminPageMeta } from '../../lib/usePageMeta';

const SETTINGS_SAVED_MESSAGE = 'تم حفظ اعدادات المتجر بنجاح';

type TextField = Exclude<keyof ShopSettingsValues, 'cashOnDelivery'>;

function Field({
  name,
  label,
  help,
  values,
  onChange,
  kind = 'text',
  className = 'col-12 col-md-6',
}: {
  name: TextField;
  label: string;
  help?: ReactNode;
  values: ShopSettingsValues;
  onChange: (name: TextField, value: string) => void;
  kind?: 'text' | 'number' | 'latin' | 'email' | 'multiline';
  className?: string;
}) {
  const id = `settings-${name}`;
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(kind === 'multiline' ? { as: 'textarea' as const, rows: 2 } : {})}
        {...(kind === 'number' ? { inputMode: 'decimal' as const } : {})}
        {...(kind === 'latin' ? { dir: 'ltr' } : {})}
        {...(kind === 'email' ? { type: 'email' } : {})}
        value={values[name]}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(e) => onChange(name, e.target.value)}
      />
      {help && <Form.Text id={`${id}-help`}>{help}</Form.Text>}
    </Form.Group>
  );
}

/** The owner's shop-wide settings: invoice details, VAT, default shipping, cash on delivery, notices, stock level. */
export default function AdminShopSettingsPage() {
  useAdminPageMeta('اعدادات المتجر');
  const dispatch = useAppDispatch();
  const { settings, status } = useAppSelector(selectShopSettings);
  const failed = status === 'failed';
  // The form's values, set afresh from the settings each time the store's change (loaded, then each save's answer).
  const [values, setValues] = useState<ShopSettingsValues | null>(null);
  const [valuesOf, setValuesOf] = useState<ShopSettings | null>(null);
  if (settings !== valuesOf) {
    setValuesOf(settings);
    setValues(settings && settingsToValues(settings));
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => void dispatch(fetchShopSettings()), [dispatch]);
  useEffect(load, [load]);
  useEffect(() => () => void dispatch(shopSettingsClosed()), [dispatch]);

  if (failed) return <LoadError onRetry={load} />;
  if (!values) return <Spinner />;

  const change = (name: TextField, value: string) => setValues({ ...values, [name]: value });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = valuesToSettings(values);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await dispatch(saveShopSettings(checked.settings)).unwrap();
      toast.success(SETTINGS_SAVED_MESSAGE);
    } catch (err) {
      setProblem(describeAdminError(err, SAVE_FAILURE_MESSAGE).message);
    } finally {
      setSaving(false);
    }
  };

  const field = { values, onChange: change };
  return (
    <section>
      <h1 className="h4 my-3">اعدادات المتجر</h1>
      <Form onSubmit={save} noValidate aria-label="اعدادات المتجر">
        <fieldset disabled={saving} className="d-grid gap-3">
          <Card>
            <Card.Body className="row g-3">
              <h2 className="h6 col-12 mb-0">بيانات الفاتورة</h2>
              <Field name="shopName" label="اسم المتجر" {...field} />
              <Field name="taxNumber" label="رقم التسجيل الضريبي" kind="latin" {...field} />
              <Field name="shopAddress" label="عنوان المتجر" kind="multiline" className="col-12" {...field} />
              <Field
                name="vatRate"
                label="نسبة ضريبة القيمة المضافة (%)"
                kind="number"
                help="الاسعار تشمل الضريبة. ضع 0 اذا كان المتجر غير مسجل في ضريبة القيمة المضافة"
                {...field}
              />
            </Card.Body>
          </Card>
          <Card>
            <Card.Body className="row g-3">
              <h2 className="h6 col-12 mb-0">الشحن والدفع عند الاستلام</h2>
              <Field
                name="defaultShippingFee"
                label="رسوم الشحن الافتراضية (جنيه)"
                kind="number"
                help="للعناوين التي لا تتبع اي منطقة شحن"
                {...field}
              />
              <Form.Group controlId="settings-cashOnDelivery" className="col-12 col-md-6 pt-md-4">
                <Form.Check
                  type="switch"
                  label="الدفع عند الاستلام متاح في المتجر"
                  checked={values.cashOnDelivery}
                  onChange={(e) => setValues({ ...values, cashOnDelivery: e.target.checked })}
                />
              </Form.Group>
              <Field
                name="cashFee"
                label="رسوم الدفع عند الاستلام (جنيه)"
                kind="number"
                help="ما لم تحدد منطقة الشحن رسومها"
                {...field}
              />
              <Field
                name="cashMaxTotal"
                label="الحد الاقصى لاجمالي طلب الدفع عند الاستلام (جنيه)"
                kind="number"
                help="اتركه فارغا لعدم وضع حد"
                {...field}
              />
            </Card.Body>
          </Card>
          <Card>
            <Card.Body className="row g-3">
              <h2 className="h6 col-12 mb-0">التنبيهات والمخزون</h2>
              <Field
                name="staffEmail"
                label="بريد فريق المتجر لتنبيهات الطلبات"
                kind="email"
                help="يصله بريد مع كل طلب جديد وعند انخفاض مخزون منتج. اتركه فارغا لايقاف التنبيهات"
                {...field}
              />
              <Field
                name="lowStockLevel"
                label="حد المخزون المنخفض"
                kind="number"
                help="يعتبر المخزون منخفضا عند وصوله لهذا العدد او اقل"
                {...field}
              />
            </Card.Body>
          </Card>
          {problem && (
            <Alert variant="danger" className="mb-0" role="alert">
              {problem}
            </Alert>
          )}
          <div>
            <Button type="submit" variant="dark" className="px-4">
              حفظ الاعدادات
            </Button>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
