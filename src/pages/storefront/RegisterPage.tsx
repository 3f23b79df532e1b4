import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AuthCard, { AuthField } from '../../components/AuthCard';
import {
  REGISTER_MESSAGES,
  registrationFailure,
  registrationProblem,
  type RegisterProblem,
} from '../../features/user/authMessages';
import { selectUserStatus, signUp } from '../../features/user/accountSlice';
import { toAsciiDigits } from '../../../common/digits';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

const FIELDS = [
  { name: 'name', label: 'الاسم', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'البريد الإلكتروني', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'كلمة السر', type: 'password', autoComplete: 'new-password' },
  { name: 'passwordConfirm', label: 'تأكيد كلمة السر', type: 'password', autoComplete: 'new-password' },
  { name: 'phone', label: 'رقم الهاتف', type: 'tel', autoComplete: 'tel' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

export default function RegisterPage() {
  usePageMeta({ title: 'تسجيل حساب جديد' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  // Carried on to the login, which returns the visitor where they came from (features/user/afterLogin.ts).
  const { state: afterLogin } = useLocation();
  const pending = useAppSelector(selectUserStatus) === 'pending';
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: '',
    email: '',
    password: '',
    passwordConfirm: '',
    phone: '',
  });

  // The refusal (ours or the server's) shown under its field until that field changes.
  const [problem, setProblem] = useState<RegisterProblem | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const showProblem = (found: RegisterProblem) => {
    setProblem(found);
    form.current?.querySelector<HTMLInputElement>(`#register-${found.field}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      phone: toAsciiDigits(values.phone.trim()),
    };
    // DESIGN: stop at the first failed local check (SPEC sends the request anyway).
    const localProblem = registrationProblem(body);
    if (localProblem) {
      showProblem(localProblem);
      return;
    }
    setProblem(null);
    const result = await dispatch(signUp(body));
    if (signUp.fulfilled.match(result) && result.payload.token) {
      toast.success(REGISTER_MESSAGES.success);
      later(() => navigate('/login', { state: afterLogin }), DELAYS.registerRedirect);
    } else {
      const error = (signUp.rejected.match(result) ? result.payload : undefined) ?? { message: '' };
      const refusal = registrationFailure(error);
      if (refusal) showProblem(refusal);
      else toast.failure(error, { fallback: REGISTER_MESSAGES.failed });
    }
  };

  return (
    <AuthCard title="تسجيل حساب جديد">
      <Form ref={form} onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map((field) => (
          <AuthField
            key={field.name}
            id={`register-${field.name}`}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(value) => {
              setValues((v) => ({ ...v, [field.name]: value }));
              if (problem?.field === field.name) setProblem(null);
            }}
            error={problem?.field === field.name ? problem.message : undefined}
            {...(field.name === 'phone' ? { inputMode: 'numeric' as const } : {})}
          />
        ))}
        <Button type="submit" variant="dark" className="w-100" disabled={pending}>
          تسجيل الحساب
        </Button>
      </Form>
      <p className="mt-3 mb-0 text-center">
        لديك حساب بالفعل؟{' '}
        <Link to="/login" state={afterLogin}>
          اضغط هنا
        </Link>
      </p>
    </AuthCard>
  );
}
