import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { useCategories } from '../../app/useCategories';

/** All categories under the top bar. On narrow screens they scroll sideways under a fade that shows there is
 * more, and 'المزيد' stays in view at the end of the strip. */
export default function CategoryStrip() {
  const categories = useCategories();

  return (
    <nav className="category-strip bg-white border-bottom" aria-label="التصنيفات">
      <Container className="d-flex align-items-center gap-3 py-2">
        <div className="category-strip__scroller d-flex gap-3 flex-grow-1">
          {categories.map((category) => (
            <Link key={category._id} to={`/products/category/${category._id}`} className="category-strip__link">
              {category.name}
            </Link>
          ))}
        </div>
        <Link to="/allcategory" className="category-strip__link fw-bold">
          المزيد
        </Link>
      </Container>
    </nav>
  );
}
