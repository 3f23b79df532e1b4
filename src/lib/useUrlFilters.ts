import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The filters of an admin list, kept in the address (`?stock=out`…) so other screens can link to a filtered list:
 * a change or the typed search (`textFilter`, sent on submit) goes back to page 1, and `clear` drops them all.
 * `filtered` says whether any filter but `notNarrowing` (a sort order, say) is set.
 */
export function useUrlFilters<Name extends string>(
  names: readonly Name[],
  textFilter: Name,
  notNarrowing: readonly Name[] = [],
) {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [text, setText] = useState(params.get(textFilter) ?? '');

  const setFilter = (name: Name, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setPage(1);
  };

  return {
    params,
    /** Changes whenever any filter does (a dependency for the list's load). */
    paramString: params.toString(),
    filtered: names.some((name) => !notNarrowing.includes(name) && params.get(name)),
    setFilter,
    page,
    setPage,
    text,
    setText,
    submitText: (event: FormEvent) => {
      event.preventDefault();
      setFilter(textFilter, text.trim());
    },
    clear: () => {
      setText('');
      setParams(new URLSearchParams(), { replace: true });
      setPage(1);
    },
  };
}
