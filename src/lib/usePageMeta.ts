import { useEffect } from 'react';
import { SHOP_DESCRIPTION, SHOP_NAME } from './shop';

interface PageMeta {
  /** The page's own name; the tab shows "<title> | <shop>", or the shop's name alone while there is none. */
  title?: string;
  description?: string;
}

/** Plain text for a meta description: whitespace folded, at most ~160 characters (what search results show). */
function summary(text: string, max = 160) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Sets the document's title and meta description for the page showing; every page component calls it. */
export function usePageMeta({ title, description }: PageMeta) {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description ? summary(description) : SHOP_DESCRIPTION;
  }, [title, description]);
}

/** Admin pages share one pattern: "<page> - لوحة التحكم | <shop>". */
export const adminPageTitle = (title: string) => `${title} - لوحة التحكم`;
export const useAdminPageMeta = (title: string) => usePageMeta({ title: adminPageTitle(title) });
