// CSV for spreadsheets: docs/decisions/010-csv-export.md, 026-csv-for-french-excel.md.

/** What makes a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export const UTF8_BOM = "\uFEFF";

export const EXCEL_SEPARATOR = ";";

export type CsvSeparator = "," | ";";

export function csvCell(value: string | number | null | undefined, separator: CsvSeparator = ","): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(
  values: ReadonlyArray<string | number | null | undefined>,
  separator: CsvSeparator = ",",
): string {
  return `${values.map((value) => csvCell(value, separator)).join(separator)}\r\n`;
}

export function decimalComma(value: number, fractionDigits: number): string {
  return value.toFixed(fractionDigits).replace(".", ",");
}
