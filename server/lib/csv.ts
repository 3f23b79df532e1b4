/**
 * CSV that Excel opens with Arabic intact: UTF-8 with a byte-order mark, CRLF line ends, and RFC 4180 quoting (a
 * field with a comma, a quote or a line break goes in quotes, its quotes doubled). A text cell that a spreadsheet
 * would read as a formula (= + - @, a tab or a carriage return first) gets a leading apostrophe, so a customer's name
 * cannot run as one on the owner's machine.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text = String(cell);
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of the file, with its CRLF end (for files written a page at a time; the first line takes CSV_BOM before it). */
export const csvLine = (row: CsvCell[]): string => `${row.map(csvField).join(',')}\r\n`;

/** The byte-order mark that starts every file, so Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `${CSV_BOM}${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A text cell read back from such a file: the apostrophe that kept a formula-like start from running is taken off. */
export const csvText = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);
