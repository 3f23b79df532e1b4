import { useLayoutEffect, useRef } from 'react';
import ReactPaginateModule from 'react-paginate';

// react-paginate ships a UMD bundle: the production build hands us its exports object, not the
// component, so take `default` when it is there (tests and the dev server already unwrap it).
const ReactPaginate =
  (ReactPaginateModule as unknown as { default?: typeof ReactPaginateModule }).default ?? ReactPaginateModule;

interface PaginatorProps {
  pageCount: number;
  /** 1-based page number. */
  currentPage?: number;
  /** Called with the chosen 1-based page. */
  onPageChange: (page: number) => void;
}

/** The shop's pager (SPEC §9): 2 margin and 2 range pages, 'السابق'/'التالي', shown only with 2 or more pages. */
export default function Paginator({ pageCount, currentPage, onPageChange }: PaginatorProps) {
  const nav = useRef<HTMLElement>(null);
  // react-paginate gives its <ul> role="navigation" and an English aria-label (no prop turns them off): that role takes the
  // list semantics away from its <li> items (axe: listitem). The <nav> below is the landmark, so the <ul> stays a list.
  useLayoutEffect(() => {
    const list = nav.current?.querySelector('ul');
    list?.removeAttribute('role');
    list?.removeAttribute('aria-label');
  });
  if (pageCount < 2) return null;
  return (
    <nav ref={nav} aria-label="التنقل بين الصفحات" className="d-flex justify-content-center my-4">
      <ReactPaginate
        pageCount={pageCount}
        forcePage={currentPage === undefined ? undefined : currentPage - 1}
        marginPagesDisplayed={2}
        pageRangeDisplayed={2}
        onPageChange={({ selected }) => onPageChange(selected + 1)}
        previousLabel="السابق"
        nextLabel="التالي"
        breakLabel="..."
        ariaLabelBuilder={(page, selected) => (selected ? `الصفحة ${page}، الصفحة الحالية` : `الصفحة ${page}`)}
        previousAriaLabel="الصفحة السابقة"
        nextAriaLabel="الصفحة التالية"
        breakAriaLabels={{ forward: 'صفحات تالية', backward: 'صفحات سابقة' }}
        containerClassName="pagination flex-wrap justify-content-center mb-0"
        pageClassName="page-item"
        pageLinkClassName="page-link"
        previousClassName="page-item"
        previousLinkClassName="page-link"
        nextClassName="page-item"
        nextLinkClassName="page-link"
        breakClassName="page-item"
        breakLinkClassName="page-link"
        activeClassName="active"
        disabledClassName="disabled"
      />
    </nav>
  );
}
