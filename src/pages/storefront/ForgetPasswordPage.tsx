import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AuthCard, { AuthField } from '../../components/AuthCard';
import { RECOVERY_MESSAGES } from '../../features/user/authMessages';
import { requestResetCode, selectUserStatus } from '../../features/user/accountSlice';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

export default function ForgetPasswordPage() {
  usePageMeta({ title: 'نسيت كلمة السر' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const pending = useAppSelector(selectUserStatus) === 'pending';
  const [email, setEmail] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast.warn(RECOVERY_MESSAGES.enterEmail);
      return;
    }
    const result = await dispatch(requestResetCode(email.trim()));
    const status = requestResetCode.fulfilled.match(result) ? result.payload.status : undefined;
    if (status === 'Success') {
      toast.success(RECOVERY_MESSAGES.codeSent);
      later(() => navigate('/user/verify-code'), DELAYS.resetCodeSentRedirect);
    } else if (requestResetCode.rejected.match(result) && result.payload?.status === 404) {
      toast.warn(RECOVERY_MESSAGES.noAccount);
    } else if (requestResetCode.rejected.match(result)) {
      toast.failure(result.payload ?? { message: '' }, { fallback: RECOVERY_MESSAGES.failed });
    } else {
      toast.error(RECOVERY_MESSAGES.failed);
    }
  };

  return (
    <AuthCard title="نسيت كلمة السر">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <AuthField
          id="forgot-email"
          label="البريد الإلكتروني"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <Button type="submit" variant="dark" className="w-100" disabled={pending}>
          ارسال الكود
        </Button>
      </Form>
    </AuthCard>
  );
}
