import { useCallback, useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { toast } from '../../lib/toast';
import { deleteProduct } from '../../api/admin/products';
import { listProducts } from '../../api/products';
import type { ListResponse, Product } from '../../api/types';
import AdminProductCard from '../../components/admin/AdminProductCard';
import { DELETE_FAILURE_MESSAGE, LOAD_FAILED_MESSAGE } from '../../components/admin/adminMessages';
import ConfirmModal from '../../components/ConfirmModal';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';

/** SPEC §9: admin products page size. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 10;
export const PRODUCT_DELETED_MESSAGE = 'تم حذف المنتج بنجاح';
export const NO_PRODUCTS_MESSAGE = 'لا يوجد منتجات حتى الان';

type ProductPage = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; list: ListResponse<Product> };

export default function AdminAllProductsPage() {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ProductPage>({ state: 'loading' });
  const [toRemove, setToRemove] = useState<Product | null>(null);
  const [removing, setRemoving] = useState(false);

  const load = useCallback(async (pageNumber: number) => {
    try {
      setResult({ state: 'loaded', list: await listProducts({ limit: ADMIN_PRODUCTS_PAGE_SIZE, page: pageNumber }) });
    } catch {
      setResult({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const confirmRemove = async () => {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await deleteProduct(toRemove._id);
      toast.success(PRODUCT_DELETED_MESSAGE);
      void load(page);
    } catch {
      toast.error(DELETE_FAILURE_MESSAGE);
    } finally {
      setRemoving(false);
      setToRemove(null);
    }
  };

  return (
    <section>
      <h1 className="h4 my-3">ادارة جميع المنتجات</h1>
      {result.state === 'loading' && <Spinner />}
      {result.state === 'failed' && <p className="text-danger">{LOAD_FAILED_MESSAGE}</p>}
      {result.state === 'loaded' && result.list.data.length === 0 && <p>{NO_PRODUCTS_MESSAGE}</p>}
      {result.state === 'loaded' && result.list.data.length > 0 && (
        <>
          <Row xs={1} sm={2} lg={3} className="g-3">
            {result.list.data.map((product) => (
              <Col key={product._id}>
                <AdminProductCard product={product} onRemove={setToRemove} />
              </Col>
            ))}
          </Row>
          <Paginator pageCount={result.list.paginationResult.numberOfPages} currentPage={page} onPageChange={setPage} />
        </>
      )}
      <ConfirmModal
        show={toRemove !== null}
        title="تاكيد الحذف"
        body={toRemove ? `هل انت متأكد من حذف المنتج ${toRemove.title}؟` : undefined}
        busy={removing}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setToRemove(null)}
      />
    </section>
  );
}
