import { useEffect } from 'react';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCategories, selectCategories } from '../../features/category/categorySlice';

/** All categories under the top bar; scrolls sideways on narrow screens instead of wrapping. */
export default function CategoryStrip() {
  const dispatch = useAppDispatch();
  const categories = useAppSelector(selectCategories);

  useEffect(() => {
    void dispatch(fetchCategories());
  }, [dispatch]);

  return (
    <nav className="category-strip bg-white border-bottom" aria-label="التصنيفات">
      <Container className="d-flex gap-3 py-2">
        {categories.map((category) => (
          <Link key={category._id} to={`/products/category/${category._id}`} className="category-strip__link">
            {category.name}
          </Link>
        ))}
        <Link to="/allcategory" className="category-strip__link fw-bold ms-auto">
          المزيد
        </Link>
      </Container>
    </nav>
  );
}
