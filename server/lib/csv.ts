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

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
