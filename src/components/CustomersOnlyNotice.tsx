import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';

interface CustomersOnlyNoticeProps {
  /** Logged in, but not as a customer (staff accounts have no cart). */
  loggedIn: boolean;
  staffText: string;
  visitorText: string;
}

/** Shown instead of a customer-only screen (cart, checkout): staff are told why, visitors get a login link. */
export default function CustomersOnlyNotice({ loggedIn, staffText, visitorText }: CustomersOnlyNoticeProps) {
  return (
    <Alert variant="light" className="border">
      {loggedIn ? staffText : visitorText}
      {!loggedIn && (
        <Link to="/login" className="ms-2">
          تسجيل الدخول
        </Link>
      )}
    </Alert>
  );
}
