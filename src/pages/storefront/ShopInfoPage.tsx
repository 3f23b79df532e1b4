import { useLocation } from 'react-router-dom';
import { SHOP_EMAIL, SHOP_PAGES, SHOP_PHONE, CONTACT_PAGE } from '../../content/pages';
import { usePageMeta } from '../../lib/usePageMeta';

/** /terms, /privacy, /contact: the shop's own pages, worded in src/content/pages.ts. */
export default function ShopInfoPage() {
  const { pathname } = useLocation();
  const page = SHOP_PAGES.find((p) => p.path === pathname) ?? CONTACT_PAGE;
  usePageMeta({ title: page.title, description: page.sections[0]?.paragraphs[0] });
  return (
    <article className="bg-white rounded shadow-sm p-4 my-3 mx-auto" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-3">{page.title}</h1>
      {page.sections.map((section, i) => (
        <section key={i}>
          {section.heading && <h2 className="h5 mt-4">{section.heading}</h2>}
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      {page === CONTACT_PAGE && (
        <dl className="mb-0">
          <dt>الهاتف</dt>
          <dd>
            <a href={`tel:${SHOP_PHONE}`} className="tap-target" dir="ltr">
              {SHOP_PHONE}
            </a>
          </dd>
          <dt>البريد الإلكتروني</dt>
          <dd className="mb-0">
            <a href={`mailto:${SHOP_EMAIL}`} className="tap-target" dir="ltr">
              {SHOP_EMAIL}
            </a>
          </dd>
        </dl>
      )}
    </article>
  );
}
