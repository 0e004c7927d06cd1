import { describe, expect, it } from "vitest";

import { parseCsv } from "#tests/csv";

import { csvCell, csvRow, decimalComma, EXCEL_SEPARATOR, UTF8_BOM } from "./csv";

describe("csv", () => {
  it("quotes what needs it and leaves the rest", () => {
    expect(csvCell("Genève")).toBe("Genève");
    expect(csvCell("Dupont, Marie")).toBe('"Dupont, Marie"');
    expect(csvCell('Le "Jet"')).toBe('"Le ""Jet"""');
    expect(csvCell("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(null)).toBe("");
  });

  it.each(['=HYPERLINK("x")', "+41 22 000", "-1", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "neutralises a cell starting like a formula: %j",
    (value) => {
      expect(parseCsv(csvRow([value]))).toEqual([[`'${value}`]]);
    },
  );

  it("writes semicolon-separated rows for French-locale Excel: a cell with a semicolon quoted, a decimal comma bare", () => {
    expect(csvRow(["1", "Dupont; Marie", "Dupont, Marie", decimalComma(1500.5, 2)], EXCEL_SEPARATOR)).toBe(
      '1;"Dupont; Marie";Dupont, Marie;1500,50\r\n',
    );
    expect(csvRow(["1", decimalComma(12, 2)], EXCEL_SEPARATOR)).toBe("1;12,00\r\n");
    expect(parseCsv(csvRow(["=1+1", "a;b", "1500,50"], EXCEL_SEPARATOR), ";")).toEqual([["'=1+1", "a;b", "1500,50"]]);
  });

  it("parses back into the right columns, accents and all", () => {
    const records = [
      ["ID", "Client", "Email"],
      ["1", '=HYPERLINK("x")', "a@example.ch"],
      ["2", 'Dupont, "Zoé"\nà Genève', "zoe@example.ch"],
      ["3", "Müller-Lüdenscheidt", ""],
    ];
    const text = UTF8_BOM + records.map((record) => csvRow(record)).join("");
    const parsed = parseCsv(text.slice(1));
    expect(parsed).toEqual([records[0], ["1", '\'=HYPERLINK("x")', "a@example.ch"], records[2], records[3]]);
    expect(text.startsWith("\uFEFF")).toBe(true);
  });
});
