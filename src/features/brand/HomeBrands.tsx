import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import BrandCard from '../../components/BrandCard';
import LoadError from '../../components/LoadError';
import SectionHeader from '../../components/SectionHeader';
import { HOME_STRIP_SIZE } from '../../lib/shop';
import { NO_BRANDS_TEXT } from './brandMessages';
import { fetchBrands, selectBrandsStatus } from '../../app/brandSlice';
import { useBrands } from '../../app/useBrands';

/** Home strip of the first 5 brands, linking to /allbrand. */
export default function HomeBrands() {
  const dispatch = useAppDispatch();
  const brands = useBrands();
  const status = useAppSelector(selectBrandsStatus);

  let content;
  if (status === 'failed') content = <LoadError onRetry={() => void dispatch(fetchBrands())} />;
  else if (status !== 'succeeded')
    content = (
      <Row xs={2} md={3} lg={5} className="g-2 g-md-3">
        <span role="status" className="visually-hidden">
          جاري التحميل...
        </span>
        {Array.from({ length: HOME_STRIP_SIZE }, (_, i) => (
          <Col key={i} aria-hidden="true">
            <div className="card border-0 shadow-sm placeholder-glow" style={{ minHeight: 140 }}>
              <span className="placeholder w-100 h-100" style={{ minHeight: 140 }} />
            </div>
          </Col>
        ))}
      </Row>
    );
  else if (brands.length === 0) content = <p className="text-body-secondary">{NO_BRANDS_TEXT}</p>;
  else
    content = (
      <Row xs={2} md={3} lg={5} className="g-2 g-md-3">
        {brands.slice(0, HOME_STRIP_SIZE).map((brand) => (
          <Col key={brand._id}>
            <BrandCard brand={brand} />
          </Col>
        ))}
      </Row>
    );

  return (
    <section>
      <SectionHeader title="اشهر الماركات" buttonTitle="المزيد" path="/allbrand" />
      {content}
    </section>
  );
}
