/**
 * CSV for spreadsheets (docs/decisions/010-csv-export.md): RFC 4180 quoting, and cells
 * a spreadsheet would run as a formula neutralised. One small function rather than a
 * library: the export writes a few columns, and the formula rule is ours to decide.
 */

/** What makes Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8's byte order mark: Excel reads the file as UTF-8 (accents) only with it. */
export const UTF8_BOM = "\uFEFF";

/**
 * One cell: a value starting like a formula gets a leading apostrophe (shown as text,
 * never evaluated); a cell with a comma, a quote, CR or LF is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
