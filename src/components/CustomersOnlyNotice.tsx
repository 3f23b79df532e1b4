import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router-dom';

interface CustomersOnlyNoticeProps {
  /** Logged in, but not as a customer (staff accounts have no cart). */
  loggedIn: boolean;
  staffText: string;
  visitorText: string;
}

/** Shown instead of a customer-only screen (cart, checkout): staff are told why, visitors get a login link. */
export default function CustomersOnlyNotice({ loggedIn, staffText, visitorText }: CustomersOnlyNoticeProps) {
  const location = useLocation();
  return (
    <Alert variant="light" className="border">
      {loggedIn ? staffText : visitorText}
      {!loggedIn && (
        // The login returns the visitor here (the same state as features/user/afterLogin.ts builds).
        <Link to="/login" className="ms-2" state={{ from: `${location.pathname}${location.search}` }}>
          تسجيل الدخول
        </Link>
      )}
    </Alert>
  );
}
