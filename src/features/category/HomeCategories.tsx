import Col from 'react-bootstrap/Col';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CategoryCard from '../../components/CategoryCard';
import CategoryGrid from '../../components/CategoryGrid';
import LoadError from '../../components/LoadError';
import SectionHeader from '../../components/SectionHeader';
import { HOME_STRIP_SIZE } from '../../lib/shop';
import { NO_CATEGORIES_TEXT } from './categoryMessages';
import { fetchCategories, selectCategories, selectCategoriesStatus } from '../../app/categorySlice';

/** Home strip of the first 5 categories (the list itself is loaded by the layout's category strip). */
export default function HomeCategories() {
  const dispatch = useAppDispatch();
  const categories = useAppSelector(selectCategories);
  const status = useAppSelector(selectCategoriesStatus);

  let content;
  if (status === 'failed') content = <LoadError onRetry={() => void dispatch(fetchCategories())} />;
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
            <CategoryCard category={category} index={i} />
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
