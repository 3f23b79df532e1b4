import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loginStateFrom } from '../../app/afterLogin';
import { loggedOut, selectCurrentUser, selectIsAdmin } from '../../app/userSlice';

/** The top bar's account menu: a login link, or the shopper's name opening their page and logout. Plain
 * Bootstrap markup, as the bar is (see TopBar). */
export default function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector(selectCurrentUser);
  const isAdmin = useAppSelector(selectIsAdmin);
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  // Closes on a click elsewhere or on Escape, as Bootstrap's dropdown does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!user) {
    return (
      <Link to="/login" className="nav-link" state={loginStateFrom(location)}>
        تسجيل الدخول
      </Link>
    );
  }

  const close = () => setOpen(false);
  const logOut = async () => {
    close();
    // Home (SPEC §2) from any page: a guarded page that sees the session end first also leads home after a logout
    // by choice (guards.tsx), whichever of the two happens first.
    dispatch(loggedOut({ byChoice: true }));
    await navigate('/');
  };

  return (
    <div ref={menuRef} className="nav-item dropdown">
      <button
        type="button"
        id="user-menu"
        className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {user.name}
      </button>
      {open && (
        <div className="dropdown-menu dropdown-menu-end show" data-bs-popper="static" aria-labelledby="user-menu">
          {isAdmin ? (
            <Link to="/admin/allproducts" className="dropdown-item" onClick={close}>
              لوحة التحكم
            </Link>
          ) : (
            <Link to="/user/profile" className="dropdown-item" onClick={close}>
              الصفحة الشخصية
            </Link>
          )}
          <hr className="dropdown-divider" />
          <button type="button" className="dropdown-item" onClick={() => void logOut()}>
            تسجيل الخروج
          </button>
        </div>
      )}
    </div>
  );
}
