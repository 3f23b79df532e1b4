import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { ProfileInput } from '../../api/profile';
import { toApiError } from '../../api/client';
import type { ApiError, User } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedIn, loggedOut, selectCurrentUser, userUpdated } from '../../app/userSlice';
import { changedPassword, refreshProfile, updateProfile } from '../../features/user/accountSlice';
import { DELAYS } from '../../lib/delays';
import { toAsciiDigits } from '../../../common/digits';
import { nationalMobile } from '../../../common/rules/phone';
import { passwordProblem } from '../../lib/passwordRules';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';
import EmailAddress from '../../components/EmailAddress';

const PROFILE_MESSAGES = {
  updated: 'تم التحديث بنجاح',
  updateFailed: 'فشل في عملية التحديث',
  incomplete: 'من فضلك اكمل البيانات',
  badPhone: 'رقم الهاتف يجب ان يكون 11 رقم لهاتف محمول مصري',
  confirmMismatch: 'تأكيد كلمة السر غير متطابق',
  currentPasswordForEmail: 'من فضلك ادخل كلمة السر الحالية لتغيير البريد الإلكتروني',
  wrongCurrentPassword: 'كلمة السر الحالية غير صحيحة',
} as const;

/** A refused profile or password change: a wrong current password says so; other refusals are SPEC §8's 'update failed'. */
function sayUpdateFailed(error: ApiError) {
  if (error.code === 'current_password_incorrect') toast.warn(PROFILE_MESSAGES.wrongCurrentPassword);
  else toast.failure(error, { fallback: PROFILE_MESSAGES.updateFailed });
}

function EditProfileDialog({
  user,
  onSaved,
  onClose,
}: {
  user: User;
  onSaved: (user: User, token?: string) => void;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A new e-mail is a new login: the server asks for the current password (API.md §5.2).
  const emailChanged = email.trim() !== user.email;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input: ProfileInput = { name: name.trim(), phone: toAsciiDigits(phone.trim()) };
    if (!input.name || !input.phone || !email.trim()) {
      toast.warn(PROFILE_MESSAGES.incomplete);
      return;
    }
    const national = nationalMobile(input.phone);
    if (!national) {
      toast.warn(PROFILE_MESSAGES.badPhone);
      return;
    }
    input.phone = national;
    // SPEC §5: the e-mail goes only when it changed (the original backend calls the own e-mail "in use").
    if (emailChanged) {
      if (!currentPassword) {
        toast.warn(PROFILE_MESSAGES.currentPasswordForEmail);
        return;
      }
      Object.assign(input, { email: email.trim(), currentPassword });
    }
    setBusy(true);
    try {
      const { user: updated, token } = await dispatch(updateProfile(input)).unwrap();
      toast.success(PROFILE_MESSAGES.updated);
      onSaved(updated, token);
    } catch (err) {
      sayUpdateFailed(toApiError(err));
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered>
      <Form onSubmit={(e) => void save(e)} noValidate>
        <Modal.Header closeButton closeLabel="اغلاق">
          <Modal.Title as="h2" className="fs-5">
            تعديل البيانات الشخصية
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column gap-3">
          <Form.Group controlId="profile-name">
            <Form.Label>الاسم</Form.Label>
            <Form.Control value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </Form.Group>
          <Form.Group controlId="profile-email">
            <Form.Label>البريد الإلكتروني</Form.Label>
            <Form.Control type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          </Form.Group>
          <Form.Group controlId="profile-phone">
            <Form.Label>رقم الهاتف</Form.Label>
            <Form.Control type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" />
          </Form.Group>
          {emailChanged && (
            <Form.Group controlId="profile-current-password">
              <Form.Label>كلمة السر الحالية</Form.Label>
              <Form.Control
                type="password"
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
                autoComplete="current-password"
              />
              <Form.Text>مطلوبة لتغيير البريد الإلكتروني.</Form.Text>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer className="justify-content-start">
          <Button type="submit" variant="dark" disabled={busy}>
            حفظ التعديلات
          </Button>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            تراجع
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword || !password || !passwordConfirm) {
      toast.warn(PROFILE_MESSAGES.incomplete);
      return;
    }
    if (password !== passwordConfirm) {
      toast.warn(PROFILE_MESSAGES.confirmMismatch);
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      toast.warn(problem);
      return;
    }
    setBusy(true);
    try {
      await dispatch(changedPassword({ currentPassword, password, passwordConfirm })).unwrap();
    } catch (err) {
      sayUpdateFailed(toApiError(err));
      setBusy(false);
      return;
    }
    toast.success(PROFILE_MESSAGES.updated);
    // The old token no longer works: log in again with the new password (SPEC §4).
    later(() => {
      dispatch(loggedOut());
      navigate('/login');
    }, DELAYS.passwordChangeRedirect);
  };

  return (
    <Card as="section" aria-labelledby="password-title" className="shadow-sm">
      <Card.Body>
        <h2 id="password-title" className="h6 mb-3">
          تغيير كلمة السر
        </h2>
        <Form onSubmit={(e) => void save(e)} noValidate className="d-flex flex-column gap-3" style={{ maxWidth: 480 }}>
          <Form.Group controlId="current-password">
            <Form.Label>كلمة السر الحالية</Form.Label>
            <Form.Control
              type="password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              autoComplete="current-password"
            />
          </Form.Group>
          <Form.Group controlId="new-password">
            <Form.Label>كلمة السر الجديدة</Form.Label>
            <Form.Control
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
            />
          </Form.Group>
          <Form.Group controlId="confirm-password">
            <Form.Label>تأكيد كلمة السر الجديدة</Form.Label>
            <Form.Control
              type="password"
              value={passwordConfirm}
              onChange={(e) => setPasswordConfirm(e.target.value)}
              autoComplete="new-password"
            />
          </Form.Group>
          <div>
            <Button type="submit" variant="dark" disabled={busy} className="px-4">
              حفظ كلمة السر
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

export default function UserProfilePage() {
  usePageMeta({ title: 'الملف الشخصي' });
  const dispatch = useAppDispatch();
  const later = useLater();
  const user = useAppSelector(selectCurrentUser);
  const [editing, setEditing] = useState(false);
  if (!user) return null;

  const onSaved = (updated: User, token?: string) => {
    // After an e-mail change only the new token works.
    dispatch(token ? loggedIn({ user: updated, token }) : userUpdated(updated));
    setEditing(false);
    // "Reload after 1.5 s" (SPEC §4): show the profile as the server now has it.
    later(() => {
      void dispatch(refreshProfile());
    }, DELAYS.profileReload);
  };

  return (
    <>
      <h1 className="h4 my-3">الملف الشخصي</h1>
      <Card as="section" aria-labelledby="profile-title" className="shadow-sm mb-3">
        <Card.Body>
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h2 id="profile-title" className="h6 mb-0">
              البيانات الشخصية
            </h2>
            <Button size="sm" variant="outline-dark" onClick={() => setEditing(true)}>
              تعديل
            </Button>
          </div>
          <dl className="row mb-0">
            <dt className="col-4 col-md-2 fw-normal text-muted">الاسم</dt>
            <dd className="col-8 col-md-10">{user.name}</dd>
            <dt className="col-4 col-md-2 fw-normal text-muted">رقم الهاتف</dt>
            <dd className="col-8 col-md-10">
              <span dir="ltr">{user.phone ?? ''}</span>
            </dd>
            <dt className="col-4 col-md-2 fw-normal text-muted">البريد الإلكتروني</dt>
            <dd className="col-8 col-md-10 mb-0">
              <EmailAddress email={user.email} />
            </dd>
          </dl>
        </Card.Body>
      </Card>
      {/* Mounted only while open, so the dialog always starts from the current data. */}
      {editing && <EditProfileDialog user={user} onSaved={onSaved} onClose={() => setEditing(false)} />}
      <ChangePasswordForm />
    </>
  );
}
