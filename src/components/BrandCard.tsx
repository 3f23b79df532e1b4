import { Link } from 'react-router-dom';
import type { Brand } from '../api/types';
import { responsiveImage } from '../lib/images';

/** SPEC §2 brand card: the brand's logo with its name under it, opening its products. */
export default function BrandCard({
  brand,
  lazy = true,
}: {
  brand: Pick<Brand, '_id' | 'name' | 'image'>;
  lazy?: boolean;
}) {
  return (
    <Link to={`/products/brand/${brand._id}`} className="text-reset text-decoration-none d-block h-100">
      <div
        className="card h-100 border-0 shadow-sm align-items-center justify-content-center gap-2 p-2"
        style={{ minHeight: 140 }}
      >
        {brand.image && (
          <img
            {...responsiveImage(brand.image, '160px')}
            alt=""
            width={160}
            height={110}
            loading={lazy ? 'lazy' : 'eager'}
            decoding="async"
            style={{ objectFit: 'contain', maxWidth: '100%' }}
          />
        )}
        <span className="fw-semibold text-center">{brand.name}</span>
      </div>
    </Link>
  );
}
