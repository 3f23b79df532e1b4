import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Address } from '../../api/types';
import { addressPlace } from '../../content/addressTexts';

/** One saved address: alias, place (city and governorate), details, phone, an edit link and a delete button (the page confirms). */
export default function AddressCard({ address, onDelete }: { address: Address; onDelete: (address: Address) => void }) {
  const place = addressPlace(address);
  return (
    <Card as="li" className="mb-3 shadow-sm" aria-label={address.alias}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <h2 className="h6 mb-0">{address.alias}</h2>
          <div className="d-flex gap-2 flex-shrink-0">
            <Link
              to={`/user/edit-address/${address._id}`}
              className="btn btn-sm btn-outline-secondary"
              aria-label={`تعديل ${address.alias}`}
            >
              تعديل
            </Link>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => onDelete(address)}
              aria-label={`حذف ${address.alias}`}
            >
              حذف
            </Button>
          </div>
        </div>
        {place && (
          <p className="mb-1 fw-semibold" data-testid="address-place">
            {place}
          </p>
        )}
        <p className="mb-1">{address.details}</p>
        <p className="mb-0 small text-muted">
          رقم الهاتف: <span dir="ltr">{address.phone}</span>
        </p>
      </Card.Body>
    </Card>
  );
}
