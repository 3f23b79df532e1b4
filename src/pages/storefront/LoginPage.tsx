import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import BsSpinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AuthCard, { AuthField } from '../../components/AuthCard';
import { addToCartAndSay } from '../../features/products/addToCart';
import { fetchCart } from '../../app/cartSlice';
import { readAfterLogin } from '../../app/afterLogin';
import { LOGIN_MESSAGES } from '../../features/user/authMessages';
import { logIn, selectUserStatus } from '../../features/user/accountSlice';
import { addToFavouritesAndSay } from '../../features/products/favourites';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

export default function LoginPage() {
  usePageMeta({ title: 'تسجيل الدخول' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const location = useLocation();
  // Where the visitor came from (a guarded page, a product's add-to-cart or heart), and what to finish there.
  const { from, action } = readAfterLogin(location.state);
  const pending = useAppSelector(selectUserStatus) === 'pending';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.warn(LOGIN_MESSAGES.incomplete);
      return;
    }
    const result = await dispatch(logIn({ email: email.trim(), password }));
    if (logIn.fulfilled.match(result)) {
      toast.success(LOGIN_MESSAGES.success);
      if (action?.kind === 'addToCart' && result.payload.role === 'user') {
        if (await addToCartAndSay(dispatch, action.productId, action.color, action.quantity, action.variant))
          void dispatch(fetchCart());
      } else if (action?.kind === 'addToFavourites') {
        await addToFavouritesAndSay(dispatch, action.productId);
      }
      later(() => navigate(from, { replace: true }), DELAYS.loginRedirect);
    } else {
      // Wrong credentials (401, whichever backend: api/auth.ts) or a refused body; offline or server trouble is said
      // as such.
      const wrong = LOGIN_MESSAGES.wrong;
      toast.failure(result.payload ?? { message: '' }, { fallback: wrong, wording: { notLoggedIn: wrong } });
    }
  };

  return (
    <AuthCard title="تسجيل الدخول">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <AuthField
          id="login-email"
          label="البريد الإلكتروني"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <AuthField
          id="login-password"
          label="كلمة السر"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" variant="dark" className="w-100" disabled={pending}>
          تسجيل الدخول
        </Button>
        {pending && (
          <div className="d-flex justify-content-center mt-3">
            <BsSpinner animation="border" role="status" size="sm">
              <span className="visually-hidden">جاري تسجيل الدخول...</span>
            </BsSpinner>
          </div>
        )}
      </Form>
      <p className="mt-3 mb-1 text-center">
        ليس لديك حساب؟{' '}
        <Link to="/register" state={location.state}>
          اضغط هنا
        </Link>
      </p>
      <p className="mb-0 text-center">
        <Link to="/user/forget-password">هل نسيت كلمة السر؟</Link>
      </p>
    </AuthCard>
  );
}
