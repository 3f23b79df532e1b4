import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { SHOP_PAGES, SHOP_PHONE } from '../../content/pages';

const socialLinks = [
  {
    label: 'فيسبوك',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1z',
  },
  {
    label: 'إكس (تويتر)',
    href: 'https://x.com/',
    path: 'M4 4h4.5l4.2 5.8L17.8 4H20l-6.3 7.3L20.5 20H16l-4.6-6.3L5.9 20H3.7l6.7-7.7z',
  },
  {
    label: 'إنستجرام',
    href: 'https://www.instagram.com/',
    path: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6.2a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8z',
  },
];

export default function Footer() {
  return (
    <footer className="bg-light border-top mt-4 py-3">
      <Container className="d-flex flex-wrap align-items-center justify-content-between gap-3 small">
        <ul className="list-unstyled d-flex flex-wrap gap-3 m-0">
          {SHOP_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path} className="text-reset tap-target">
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
        <div className="d-flex align-items-center gap-3">
          <a href={`tel:${SHOP_PHONE}`} className="text-reset text-decoration-none tap-target" dir="ltr">
            {SHOP_PHONE}
          </a>
          {socialLinks.map(({ label, href, path }) => (
            <a
              key={href}
              href={href}
              aria-label={label}
              target="_blank"
              rel="noopener noreferrer"
              className="text-secondary tap-target"
            >
              <svg viewBox="0 0 24 24" width={22} height={22} fill="currentColor" aria-hidden="true" focusable="false">
                <path fillRule="evenodd" d={path} />
              </svg>
            </a>
          ))}
        </div>
      </Container>
    </footer>
  );
}
