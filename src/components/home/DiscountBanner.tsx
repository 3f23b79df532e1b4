import './home.css';
import { Link } from 'react-router-dom';

/** SPEC §2 discount banner: laptops up to 30% off; the whole banner is a link to `to` (the laptops in the listing). */
export default function DiscountBanner({ to }: { to: string }) {
  return (
    <section
      className="discount-banner position-relative d-flex align-items-center justify-content-between gap-3 rounded p-4 my-4 text-white shadow-sm"
      aria-label="عرض خاص"
    >
      <p className="h4 fw-bold m-0">
        <Link to={to} className="stretched-link text-white text-decoration-none">
          خصم يصل إلى 30% على أجهزة اللابتوب
        </Link>
      </p>
      <svg
        viewBox="0 0 260 210"
        width={130}
        height={105}
        aria-hidden="true"
        focusable="false"
        className="flex-shrink-0"
      >
        <g fill="#ffffff33" stroke="#fff" strokeWidth={10} strokeLinejoin="round">
          <rect x={30} y={10} width={200} height={140} rx={10} />
          <path d="M0 175h260l-20 30H20z" />
        </g>
        <text x={130} y={100} textAnchor="middle" fontSize={48} fontWeight={700} fill="#fff">
          30%
        </text>
      </svg>
    </section>
  );
}
