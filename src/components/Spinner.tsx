import BsSpinner from 'react-bootstrap/Spinner';

/** Loading indicator for data calls and lazily loaded pages. */
export default function Spinner({ label = 'جاري التحميل...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center my-4">
      <BsSpinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{label}</span>
      </BsSpinner>
    </div>
  );
}
