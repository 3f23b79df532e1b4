import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppSelector } from '../../app/hooks';
import { selectCategories, selectCategoriesStatus } from '../../features/category/categorySlice';
import CategoryCard, { CATEGORY_COLORS } from '../CategoryCard';
import { LOAD_ERROR_TEXT } from '../ProductGrid';
import SectionHeader from '../SectionHeader';

export const HOME_STRIP_SIZE = 5;
export const NO_CATEGORIES_TEXT = 'لا يوجد تصنيفات';

/** Home strip of the first 5 categories (the list itself is loaded by the layout's category strip). */
export default function HomeCategories() {
  const categories = useAppSelector(selectCategories);
  const status = useAppSelector(selectCategoriesStatus);

  let content;
  if (status === 'failed') content = <p className="text-danger"><bdi>{LOAD_ERROR_TEXT}</bdi></p>;
  else if (status !== 'succeeded')
    content = (
      <CategoryGrid>
        <span role="status" className="visually-hidden">
          جاري التحميل...
        </span>
        {Array.from({ length: HOME_STRIP_SIZE }, (_, i) => (
          <Col key={i} aria-hidden="true">
            <div className="d-flex flex-column align-items-center gap-2 py-2 placeholder-glow">
              <span className="placeholder rounded-circle" style={{ width: 110, height: 110 }} />
              <span className="placeholder col-6" style={{ height: '1.5em' }} />
            </div>
          </Col>
        ))}
      </CategoryGrid>
    );
  else if (categories.length === 0) content = <p className="text-body-secondary">{NO_CATEGORIES_TEXT}</p>;
  else
    content = (
      <CategoryGrid>
        {categories.slice(0, HOME_STRIP_SIZE).map((category, i) => (
          <Col key={category._id}>
            <CategoryCard category={category} background={CATEGORY_COLORS[i % CATEGORY_COLORS.length]} />
          </Col>
        ))}
      </CategoryGrid>
    );

  return (
    <section>
      <SectionHeader title="التصنيفات" buttonTitle="المزيد" path="/allcategory" />
      {content}
    </section>
  );
}

/** SPEC §2 category grid: 2 a row on xs and sm, 3 on md, 6 on lg. */
export function CategoryGrid({ children }: { children: ReactNode }) {
  return (
    <Row xs={2} md={3} lg={6} className="g-2 justify-content-center">
      {children}
    </Row>
  );
}
