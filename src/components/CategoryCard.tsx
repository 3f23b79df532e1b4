import { Link } from 'react-router-dom';
import type { Category } from '../api/types';
import { responsiveImage } from '../lib/images';

/** Soft backgrounds the category cards take in turn. */
const CATEGORY_COLORS = ['#F4DBA4', '#FFD3E8', '#55CFDF', '#0034FF33', '#FF6262', '#F4DBA4'];

interface CategoryCardProps {
  category: Pick<Category, '_id' | 'name' | 'image'>;
  /** The card's place in its list: the cards take the backgrounds in turn. */
  index: number;
  lazy?: boolean;
}

/** SPEC §2 category card: coloured circle with the image, then the name; opens the category's products. */
export default function CategoryCard({ category, index, lazy = true }: CategoryCardProps) {
  const background = CATEGORY_COLORS[index % CATEGORY_COLORS.length];
  return (
    <Link
      to={`/products/category/${category._id}`}
      className="d-flex flex-column align-items-center gap-2 text-reset text-decoration-none py-2"
    >
      <span
        className="d-flex align-items-center justify-content-center rounded-circle overflow-hidden"
        style={{ backgroundColor: background, width: 110, height: 110 }}
      >
        {category.image && (
          <img
            {...responsiveImage(category.image, '80px')}
            alt=""
            width={80}
            height={80}
            loading={lazy ? 'lazy' : 'eager'}
            decoding="async"
            style={{ objectFit: 'contain' }}
          />
        )}
      </span>
      <span className="fw-semibold text-center">{category.name}</span>
    </Link>
  );
}
