import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCart, selectNumOfCartItems } from '../../features/cart/cartSlice';
import { searchWordChanged, selectSearchWord } from '../../features/products/productsSlice';
import { loggedOut, selectCurrentUser, selectIsAdmin, selectIsUser } from '../../features/user/userSlice';

// The top bar is on every page, so it is plain Bootstrap markup: react-bootstrap's Navbar brings its
// Offcanvas and Modal machinery, Form all its sub-forms and NavDropdown Popper (together about 20 KB gzip)
// into every shopper's first load. Only the collapse animation comes from react-bootstrap.

const PRODUCTS_PATH = '/products';

/** Search box: every keystroke updates `searchWord` (mirrored to storage); the product listing reacts to it. */
function SearchBox() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searchWord = useAppSelector(selectSearchWord);

  const showResults = () => {
    if (pathname !== PRODUCTS_PATH) navigate(PRODUCTS_PATH);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    dispatch(searchWordChanged(event.target.value));
    showResults();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    showResults();
  };

  return (
    <form role="search" className="flex-grow-1 mx-lg-3 my-2 my-lg-0" onSubmit={onSubmit}>
      <input type="search" className="form-control" placeholder="ابحث..." aria-label="ابحث عن منتج" value={searchWord} onChange={onChange} />
    </form>
  );
}

function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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
      <Link to="/login" className="nav-link">
        تسجيل الدخول
      </Link>
    );
  }

  const close = () => setOpen(false);
  const logOut = () => {
    close();
    dispatch(loggedOut());
    navigate('/');
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
          <button type="button" className="dropdown-item" onClick={logOut}>
            تسجيل الخروج
          </button>
        </div>
      )}
    </div>
  );
}

function CartLink() {
  const dispatch = useAppDispatch();
  const isUser = useAppSelector(selectIsUser);
  const numOfCartItems = useAppSelector(selectNumOfCartItems);

  useEffect(() => {
    if (isUser) void dispatch(fetchCart());
  }, [isUser, dispatch]);

  return (
    <Link to="/cart" className="nav-link d-flex align-items-center gap-1">
      العربة
      <span className="badge rounded-pill bg-danger" data-testid="cart-count">
        {numOfCartItems}
      </span>
    </Link>
  );
}

export default function TopBar() {
  const [expanded, setExpanded] = useState(false);
  return (
    <nav className="navbar navbar-expand-lg bg-dark sticky-top shadow-sm" data-bs-theme="dark">
      <div className="container">
        <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
          <img src="/logo.svg" alt="" width={32} height={32} />
          متجر
        </Link>
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="top-bar-menu"
          aria-expanded={expanded}
          aria-label="القائمة"
          onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <Collapse in={expanded}>
          <div id="top-bar-menu" className="navbar-collapse">
            <SearchBox />
            <div className="navbar-nav ms-auto align-items-lg-center gap-lg-2">
              <UserMenu />
              <CartLink />
            </div>
          </div>
        </Collapse>
      </div>
    </nav>
  );
}
