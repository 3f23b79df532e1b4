import { Link } from 'react-router-dom';
import { useCategories } from '../../app/useCategories';

/** A search that found nothing: says so and offers every category instead of an empty grid. */
export default function NoSearchResults() {
  const categories = useCategories();

  return (
    <section aria-labelledby="no-results-title" className="bg-white border rounded p-4 text-center">
      <h2 id="no-results-title" className="h6 fw-bold">
        لا توجد نتائج
      </h2>
      <p className="text-body-secondary">لم نجد منتجات تطابق بحثك. جرب كلمة اخرى او تصفح التصنيفات:</p>
      {categories.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-2 mb-0">
          {categories.map((category) => (
            <li key={category._id}>
              <Link to={`/products/category/${category._id}`} className="btn btn-outline-secondary btn-sm">
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
