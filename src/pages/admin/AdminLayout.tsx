import { Route, Routes } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/userSlice';
import SideMenuLayout, { type SideMenuLink } from '../../components/layout/SideMenuLayout';
import NotFound from '../../components/NotFound';
import { ADMIN_SECTIONS, type AdminSection } from './adminSections';

/** Where a subpage's addresses begin: its path up to its first parameter (`orders/:id`: /admin/orders/). */
const subpagePrefix = ({ path }: { path: string }) =>
  `/admin/${path.includes(':') ? path.slice(0, path.indexOf(':')) : path}`;

/** A section's menu entry: current on its own page and on its subpages. */
const menuLink = ({ path, label, subpages }: AdminSection): SideMenuLink => ({
  to: path ? `/admin/${path}` : '/admin',
  label,
  // The dashboard is current on /admin alone, not below it.
  end: !path,
  sectionPrefixes: subpages?.map(subpagePrefix),
});

const pages = ADMIN_SECTIONS.flatMap((section) => [section, ...(section.subpages ?? [])]);

/**
 * /admin/*: the side menu beside the admin pages, both from ADMIN_SECTIONS. An address under /admin that names no page
 * is the shop's not-found page, outside the admin menu.
 */
export default function AdminLayout() {
  // The shop's settings are the owner's (role admin) alone; a manager's request would be refused.
  const isOwner = useAppSelector(selectCurrentUser)?.role === 'admin';
  const links = ADMIN_SECTIONS.filter((section) => isOwner || !section.ownerOnly).map(menuLink);
  return (
    <Routes>
      <Route element={<SideMenuLayout title="لوحة التحكم" links={links} />}>
        {pages.map(({ path, page: Page }) =>
          path ? <Route key={path} path={path} element={<Page />} /> : <Route key="" index element={<Page />} />,
        )}
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
