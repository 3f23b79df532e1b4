export { CATALOGUE_COLUMNS, COLUMN_NAMES, type CatalogueColumn } from '../../../../common/catalogueColumns';

/** Between the entries of a list cell. */
export const LIST_SEPARATOR = ' | ';
export const splitList = (cell: string) =>
  cell
    .split('|')
    .map((entry) => entry.trim())
    .filter(Boolean);
