import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import BrandCard from '../../components/BrandCard';
import { NO_BRANDS_TEXT } from '../../features/brand/brandMessages';
import LoadError from '../../components/LoadError';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';
import { fetchBrandPage, selectBrandPage } from '../../app/brandSlice';
import { usePageMeta } from '../../lib/usePageMeta';

/** /allbrand: all brands, 4 a page. */
export default function AllBrandPage() {
  usePageMeta({ title: 'كل الماركات', description: 'كل الماركات المتاحة في المتجر' });
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const { items, status, numberOfPages } = useAppSelector(selectBrandPage);

  useEffect(() => {
    void dispatch(fetchBrandPage(page));
  }, [dispatch, page]);

  let content;
  if (status === 'failed') content = <LoadError onRetry={() => void dispatch(fetchBrandPage(page))} />;
  else if (status === 'pending' && items.length === 0) content = <Spinner />;
  else if (status === 'succeeded' && items.length === 0)
    content = <p className="text-body-secondary">{NO_BRANDS_TEXT}</p>;
  else
    content = (
      <Row xs={2} md={4} className="g-3">
        {items.map((brand) => (
          <Col key={brand._id}>
            <BrandCard brand={brand} />
          </Col>
        ))}
      </Row>
    );

  return (
    <>
      <h1 className="h4 my-3">كل الماركات</h1>
      {content}
      <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={setPage} />
    </>
  );
}
