import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';

const PAGE_NOT_FOUND_TEXT = 'الصفحة غير موجودة';

interface NotFoundProps {
  title?: string;
  text?: string;
}

/** What an unknown address, product, category or brand shows: inside the normal layout, with ways back into the shop. */
export default function NotFound({
  title = PAGE_NOT_FOUND_TEXT,
  text = 'ربما تغير الرابط او تم حذف الصفحة.',
}: NotFoundProps) {
  usePageMeta({ title });
  return (
    <section className="text-center py-5">
      <h1 className="h3 mb-3">{title}</h1>
      <p className="text-body-secondary mb-4">{text}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to="/" className="btn btn-dark">
          الصفحة الرئيسية
        </Link>
        <Link to="/products" className="btn btn-outline-dark">
          تصفح المنتجات
        </Link>
      </div>
    </section>
  );
}
