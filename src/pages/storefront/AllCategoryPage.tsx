import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CategoryCard, { CATEGORY_COLORS } from '../../components/CategoryCard';
import { CategoryGrid, NO_CATEGORIES_TEXT } from '../../components/home/HomeCategories';
import Paginator from '../../components/Paginator';
import { LOAD_ERROR_TEXT } from '../../components/ProductGrid';
import Spinner from '../../components/Spinner';
import { fetchCategoryPage, selectCategoryPage } from '../../features/category/categorySlice';

/** /allcategory: all categories, 6 a page. */
export default function AllCategoryPage() {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const { items, status, numberOfPages } = useAppSelector(selectCategoryPage);

  useEffect(() => {
    void dispatch(fetchCategoryPage(page));
  }, [dispatch, page]);

  let content;
  if (status === 'failed') content = <p className="text-danger"><bdi>{LOAD_ERROR_TEXT}</bdi></p>;
  else if (status === 'pending' && items.length === 0) content = <Spinner />;
  else if (status === 'succeeded' && items.length === 0) content = <p className="text-body-secondary">{NO_CATEGORIES_TEXT}</p>;
  else
    content = (
      <CategoryGrid>
        {items.map((category, i) => (
          <Col key={category._id}>
            <CategoryCard category={category} background={CATEGORY_COLORS[i % CATEGORY_COLORS.length]} />
          </Col>
        ))}
      </CategoryGrid>
    );

  return (
    <>
      <h1 className="h4 my-3">كل التصنيفات</h1>
      {content}
      <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={setPage} />
    </>
  );
}
