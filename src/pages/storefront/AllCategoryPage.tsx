import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CategoryCard from '../../components/CategoryCard';
import CategoryGrid from '../../components/CategoryGrid';
import { NO_CATEGORIES_TEXT } from '../../features/category/categoryMessages';
import LoadError from '../../components/LoadError';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';
import { fetchCategoryPage, selectCategoryPage } from '../../app/categorySlice';
import { usePageMeta } from '../../lib/usePageMeta';

/** /allcategory: all categories, 6 a page. */
export default function AllCategoryPage() {
  usePageMeta({ title: 'كل التصنيفات', description: 'كل تصنيفات المنتجات في المتجر' });
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const { items, status, numberOfPages } = useAppSelector(selectCategoryPage);

  useEffect(() => {
    void dispatch(fetchCategoryPage(page));
  }, [dispatch, page]);

  let content;
  if (status === 'failed') content = <LoadError onRetry={() => void dispatch(fetchCategoryPage(page))} />;
  else if (status === 'pending' && items.length === 0) content = <Spinner />;
  else if (status === 'succeeded' && items.length === 0)
    content = <p className="text-body-secondary">{NO_CATEGORIES_TEXT}</p>;
  else
    content = (
      <CategoryGrid>
        {items.map((category, i) => (
          <Col key={category._id}>
            <CategoryCard category={category} index={i} />
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
