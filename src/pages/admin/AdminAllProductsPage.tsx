import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { toast } from '../../lib/toast';
import { LOW_STOCK, type AdminProductSort, type StockFilter } from '../../api/admin/products';
import type { Product } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import AdminProductCard from '../../features/products/admin/AdminProductCard';
import { describeAdminError } from '../../components/admin/adminErrors';
import { DELETE_FAILURE_MESSAGE } from '../../components/admin/adminMessages';
import FilterSelect from '../../components/admin/FilterSelect';
import LoadError from '../../components/LoadError';
import ConfirmModal from '../../components/ConfirmModal';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';
import { useBrands } from '../../app/useBrands';
import { useCategories } from '../../app/useCategories';
import { deleteProduct } from '../../features/products/adminThunks';
import ProductSheet from '../../features/products/ProductSheet';
import {
  adminProductListClosed,
  fetchAdminProducts,
  selectAdminProductList,
} from '../../features/products/adminProductsSlice';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import { useUrlFilters } from '../../lib/useUrlFilters';

/** SPEC §9: admin products page size. */
const ADMIN_PRODUCTS_PAGE_SIZE = 10;
const PRODUCT_DELETED_MESSAGE = 'تم حذف المنتج بنجاح';
const NO_PRODUCTS_MESSAGE = 'لا يوجد منتجات حتى الان';
const NO_MATCHING_PRODUCTS_MESSAGE = 'لا توجد منتجات تطابق البحث';

const SORTS: { value: AdminProductSort; label: string }[] = [
  { value: '', label: 'الاحدث' },
  { value: 'title', label: 'الاسم' },
  { value: 'quantity', label: 'المخزون: الاقل اولا' },
  { value: '-quantity', label: 'المخزون: الاكثر اولا' },
  { value: '-sold', label: 'الاكثر مبيعا' },
  { value: '+price', label: 'السعر: الاقل اولا' },
  { value: '-price', label: 'السعر: الاعلى اولا' },
];
const FILTERS = ['keyword', 'sku', 'category', 'brand', 'stock', 'sort'] as const;

/** The list's filters without its page: what the CSV export sends too. */
function sheetFilters(paramString: string) {
  const filters = new URLSearchParams(paramString);
  const stock = filters.get('stock');
  return {
    keyword: filters.get('keyword') ?? undefined,
    sku: filters.get('sku') ?? undefined,
    category: filters.get('category') ?? undefined,
    brand: filters.get('brand') ?? undefined,
    stock: stock === 'out' || stock === 'low' ? (stock as StockFilter) : undefined,
    sort: SORTS.find((s) => s.value === filters.get('sort'))?.value,
  };
}

/** The filters live in the address (`?stock=out`…), so the dashboard can link to a filtered list. */
export default function AdminAllProductsPage() {
  useAdminPageMeta('المنتجات');
  const {
    params,
    paramString,
    filtered,
    setFilter,
    page,
    setPage,
    text: keyword,
    setText: setKeyword,
    submitText: submitSearch,
    clear,
  } = useUrlFilters(FILTERS, 'keyword', ['sort']);
  // The SKU box is sent by its own button: a code is looked up whole, not word by word like the name.
  const [sku, setSku] = useState(params.get('sku') ?? '');
  const dispatch = useAppDispatch();
  // The filter choices (loaded afresh: one just added must be offered); without them the list still works.
  const categories = useCategories({ fresh: true });
  const brands = useBrands({ fresh: true });
  const { items, results, numberOfPages, status } = useAppSelector(selectAdminProductList);
  const [toRemove, setToRemove] = useState<Product | null>(null);
  const [removing, setRemoving] = useState(false);
  const listTop = useRef<HTMLElement>(null);

  // The page on screen stays while the next one (another page or filter) is asked for.
  const load = useCallback(
    (pageNumber: number) =>
      void dispatch(
        fetchAdminProducts({ limit: ADMIN_PRODUCTS_PAGE_SIZE, page: pageNumber, ...sheetFilters(paramString) }),
      ),
    [dispatch, paramString],
  );

  useEffect(() => load(page), [load, page]);
  useEffect(() => () => void dispatch(adminProductListClosed()), [dispatch]);

  const shown = status === 'failed' ? 'failed' : status === 'succeeded' || items.length > 0 ? 'loaded' : 'loading';

  // The pager is under the list: the new page is read from its top (on a phone it is screens away).
  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  const confirmRemove = async () => {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await dispatch(deleteProduct(toRemove._id)).unwrap();
      toast.success(PRODUCT_DELETED_MESSAGE);
      load(page);
    } catch (err) {
      toast.error(describeAdminError(err, DELETE_FAILURE_MESSAGE).message);
    } finally {
      setRemoving(false);
      setToRemove(null);
    }
  };

  return (
    // scroll-margin keeps the heading clear of the sticky top bar.
    <section ref={listTop} style={{ scrollMarginTop: '5rem' }}>
      <h1 className="h4 my-3">ادارة جميع المنتجات</h1>
      <Form
        role="search"
        aria-label="البحث في المنتجات"
        onSubmit={submitSearch}
        className="row g-2 align-items-end mb-3"
      >
        <Form.Group controlId="products-search" className="col-12">
          <Form.Label className="small mb-1">بحث باسم المنتج</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control type="search" size="sm" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
            <Button type="submit" size="sm" variant="dark" className="px-3">
              بحث
            </Button>
          </div>
        </Form.Group>
        <Form.Group controlId="products-sku" className="col-12">
          <Form.Label className="small mb-1">بحث برمز المنتج (SKU)</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              type="search"
              size="sm"
              dir="ltr"
              value={sku}
              onChange={(e) => setSku(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  setFilter('sku', sku.trim());
                }
              }}
            />
            <Button size="sm" variant="dark" className="px-3" onClick={() => setFilter('sku', sku.trim())}>
              بحث بالرمز
            </Button>
          </div>
        </Form.Group>
        <FilterSelect
          id="products-category"
          label="التصنيف"
          className="col-6 col-lg-3"
          choices={categories.map((c) => [c._id, c.name] as const)}
          value={params.get('category') ?? ''}
          onChange={(v) => setFilter('category', v)}
        />
        <FilterSelect
          id="products-brand"
          label="الماركة"
          className="col-6 col-lg-3"
          choices={brands.map((b) => [b._id, b.name] as const)}
          value={params.get('brand') ?? ''}
          onChange={(v) => setFilter('brand', v)}
        />
        <FilterSelect
          id="products-stock"
          label="المخزون"
          className="col-6 col-lg-3"
          choices={[
            ['out', 'نفد من المخزون'],
            ['low', `قليل (${LOW_STOCK} او اقل)`],
          ]}
          value={params.get('stock') ?? ''}
          onChange={(v) => setFilter('stock', v)}
        />
        <FilterSelect
          id="products-sort"
          label="الترتيب"
          className="col-6 col-lg-3"
          required
          choices={SORTS.map((s) => [s.value, s.label] as const)}
          value={params.get('sort') ?? ''}
          onChange={(v) => setFilter('sort', v)}
        />
        {filtered && (
          <div className="col-12">
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                setSku('');
                clear();
              }}
            >
              مسح الفلاتر
            </Button>
          </div>
        )}
      </Form>
      <ProductSheet filters={sheetFilters(paramString)} onApplied={() => load(page)} />
      {shown === 'loading' && <Spinner />}
      {shown === 'failed' && <LoadError onRetry={() => load(page)} />}
      {shown === 'loaded' && items.length === 0 && (
        <p>{filtered ? NO_MATCHING_PRODUCTS_MESSAGE : NO_PRODUCTS_MESSAGE}</p>
      )}
      {shown === 'loaded' && <p className="text-muted small">عدد المنتجات: {results}</p>}
      {shown === 'loaded' && items.length > 0 && (
        <>
          <Row xs={1} sm={2} lg={3} className="g-3">
            {items.map((product) => (
              <Col key={product._id}>
                <AdminProductCard product={product} onRemove={setToRemove} />
              </Col>
            ))}
          </Row>
          <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={changePage} />
        </>
      )}
      <ConfirmModal
        show={toRemove !== null}
        title="تأكيد الحذف"
        body={toRemove ? `هل انت متأكد من حذف المنتج ${toRemove.title}؟` : undefined}
        busy={removing}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setToRemove(null)}
      />
    </section>
  );
}
