import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AuthCard, { AuthField } from '../../components/AuthCard';
import { RECOVERY_MESSAGES, resetFailure } from '../../features/user/authMessages';
import { resetPassword, selectUserStatus } from '../../features/user/accountSlice';
import { DELAYS } from '../../lib/delays';
import { passwordProblem } from '../../lib/passwordRules';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

export default function ResetPasswordPage() {
  usePageMeta({ title: 'كلمة سر جديدة' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const pending = useAppSelector(selectUserStatus) === 'pending';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      toast.warn(RECOVERY_MESSAGES.enterPassword);
      return;
    }
    if (password !== repeat) {
      toast.warn(RECOVERY_MESSAGES.mismatch);
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      toast.warn(problem);
      return;
    }
    const result = await dispatch(resetPassword(password));
    if (resetPassword.fulfilled.match(result)) {
      toast.success(RECOVERY_MESSAGES.resetDone);
      later(() => navigate('/login'), DELAYS.passwordResetRedirect);
    } else {
      const error = (resetPassword.rejected.match(result) ? result.payload : undefined) ?? { message: '' };
      const text = resetFailure(error);
      toast.failure(error, { fallback: text, wording: { notFound: text } });
    }
  };

  return (
    <AuthCard title="ادخل كلمة السر الجديدة">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <AuthField
          id="new-password"
          label="كلمة السر الجديدة"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <AuthField
          id="new-password-repeat"
          label="تأكيد كلمة السر الجديدة"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
        />
        <Button type="submit" variant="dark" className="w-100" disabled={pending}>
          حفظ كلمة السر
        </Button>
      </Form>
    </AuthCard>
  );
}
