import { useEffect, type ChangeEvent, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCart, selectNumOfCartItems } from '../../features/cart/cartSlice';
import { searchWordChanged, selectSearchWord } from '../../features/products/productsSlice';
import { loggedOut, selectCurrentUser, selectIsAdmin, selectIsUser } from '../../features/user/userSlice';

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
    <Form role="search" className="flex-grow-1 mx-lg-3 my-2 my-lg-0" onSubmit={onSubmit}>
      <Form.Control type="search" placeholder="ابحث..." aria-label="ابحث عن منتج" value={searchWord} onChange={onChange} />
    </Form>
  );
}

function UserMenu() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const isAdmin = useAppSelector(selectIsAdmin);

  if (!user) {
    return (
      <Nav.Link as={Link} to="/login">
        تسجيل الدخول
      </Nav.Link>
    );
  }

  const logOut = () => {
    dispatch(loggedOut());
    navigate('/');
  };

  return (
    <NavDropdown title={user.name} id="user-menu" align="end">
      {isAdmin ? (
        <NavDropdown.Item as={Link} to="/admin/allproducts">
          لوحة التحكم
        </NavDropdown.Item>
      ) : (
        <NavDropdown.Item as={Link} to="/user/profile">
          الصفحة الشخصية
        </NavDropdown.Item>
      )}
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" onClick={logOut}>
        تسجيل الخروج
      </NavDropdown.Item>
    </NavDropdown>
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
    <Nav.Link as={Link} to="/cart" className="d-flex align-items-center gap-1">
      العربة
      <Badge pill bg="danger" data-testid="cart-count">
        {numOfCartItems}
      </Badge>
    </Nav.Link>
  );
}

export default function TopBar() {
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="lg" sticky="top" className="shadow-sm">
      <Container>
        <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2">
          <img src="/logo.svg" alt="" width={32} height={32} />
          متجر
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="top-bar-menu" aria-label="القائمة" />
        <Navbar.Collapse id="top-bar-menu">
          <SearchBox />
          <Nav className="ms-auto align-items-lg-center gap-lg-2">
            <UserMenu />
            <CartLink />
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
