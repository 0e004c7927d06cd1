/**
 * CSV for spreadsheets (docs/decisions/010-csv-export.md, 026-csv-for-french-excel.md):
 * RFC 4180 quoting with a chosen separator, and cells
 * a spreadsheet would run as a formula neutralised. One small function rather than a
 * library: the export writes a few columns, and the formula rule is ours to decide.
 */

/** What makes Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8's byte order mark: Excel reads the file as UTF-8 (accents) only with it. */
export const UTF8_BOM = "\uFEFF";

/**
 * The separator Excel expects where the decimal mark is a comma (French, Swiss, German
 * locales): a double-clicked file with commas lands in one column there.
 */
export const EXCEL_SEPARATOR = ";";

export type CsvSeparator = "," | ";";

/**
 * One cell: a value starting like a formula gets a leading apostrophe (shown as text,
 * never evaluated); a cell with the separator, a quote, CR or LF is quoted, quotes
 * doubled (with semicolons, a decimal comma stays bare: Excel reads it as a number).
 */
export function csvCell(value: string | number | null | undefined, separator: CsvSeparator = ","): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(
  values: ReadonlyArray<string | number | null | undefined>,
  separator: CsvSeparator = ",",
): string {
  return `${values.map((value) => csvCell(value, separator)).join(separator)}\r\n`;
}

/** A decimal number with a comma for its decimal mark (`1500,50`), as French-locale Excel reads a number. */
export function decimalComma(value: number, fractionDigits: number): string {
  return value.toFixed(fractionDigits).replace(".", ",");
}
