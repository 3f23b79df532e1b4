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
  if (pageCount < 2) return null;
  return (
    <nav aria-label="التنقل بين الصفحات" className="d-flex justify-content-center my-4">
      <ReactPaginate
        pageCount={pageCount}
        forcePage={currentPage === undefined ? undefined : currentPage - 1}
        marginPagesDisplayed={2}
        pageRangeDisplayed={2}
        onPageChange={({ selected }) => onPageChange(selected + 1)}
        previousLabel="السابق"
        nextLabel="التالي"
        breakLabel="..."
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
