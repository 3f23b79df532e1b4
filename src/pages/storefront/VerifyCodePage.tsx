import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AuthCard, { AuthField } from '../../components/AuthCard';
import { RECOVERY_MESSAGES } from '../../features/user/authMessages';
import { selectUserStatus, verifyResetCode } from '../../features/user/accountSlice';
import { toAsciiDigits } from '../../../common/digits';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

export default function VerifyCodePage() {
  usePageMeta({ title: 'رمز التحقق' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const pending = useAppSelector(selectUserStatus) === 'pending';
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const resetCode = toAsciiDigits(code.trim());
    if (!resetCode) {
      toast.warn(RECOVERY_MESSAGES.enterCode);
      return;
    }
    const result = await dispatch(verifyResetCode(resetCode));
    if (verifyResetCode.fulfilled.match(result)) {
      toast.success(RECOVERY_MESSAGES.codeCorrect);
      later(() => navigate('/user/reset-password'), DELAYS.resetCodeVerifiedRedirect);
    } else {
      const wrong = RECOVERY_MESSAGES.codeWrong;
      toast.failure(result.payload ?? { message: '' }, { fallback: wrong, wording: { notFound: wrong } });
    }
  };

  return (
    <AuthCard title="ادخل الكود المرسل للايميل">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <AuthField
          id="reset-code"
          label="الكود"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          value={code}
          onChange={setCode}
        />
        <Button type="submit" variant="dark" className="w-100" disabled={pending}>
          تأكيد
        </Button>
      </Form>
    </AuthCard>
  );
}
