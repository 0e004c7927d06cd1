/**
 * The repository's own ESLint configuration keeps the drawing code out of the Worker that serves the pages
 * (docs/decisions/054-documents-issued-once.md): a value import of it is refused anywhere in app/, server.ts and
 * load-context.ts; a type import, the drawing files themselves and the tests are allowed.
 */
import path from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: repository });
const RULE = "@typescript-eslint/no-restricted-imports";

async function refusals(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repository, filePath) });
  return result!.messages.filter((message) => message.ruleId === RULE).length;
}

describe("no drawing in the main Worker", () => {
  it("refuses the renderer, the PDF modules, pdf-lib and the font, in a route, a service or server.ts", async () => {
    for (const [file, code] of [
      ["app/routes/probe.ts", 'import { pdfRenderer } from "#app/orders/pdf-renderer.server";\nvoid pdfRenderer;\n'],
      [
        "app/orders/probe.server.ts",
        'import { renderReceiptPdf } from "./receipt-pdf.server";\nvoid renderReceiptPdf;\n',
      ],
      ["server.ts", 'import { PDFDocument } from "@cantoo/pdf-lib";\nvoid PDFDocument;\n'],
      ["app/orders/probe.server.ts", 'import font from "#app/content/fonts/DejaVuSans.ttf?inline";\nvoid font;\n'],
    ] as const) {
      expect(await refusals(file, code), `${file}: ${code}`).toBe(1);
    }
  }, 60_000);

  it("allows a type import, the drawing modules themselves and the tests", async () => {
    const typeOnly = 'import type { ReceiptDocument } from "./receipt-pdf.server";\nexport type D = ReceiptDocument;\n';
    expect(await refusals("app/orders/probe.server.ts", typeOnly)).toBe(0);
    const drawing = 'import { renderReceiptPdf } from "./receipt-pdf.server";\nvoid renderReceiptPdf;\n';
    expect(await refusals("app/orders/pdf-renderer.server.ts", drawing)).toBe(0);
    expect(await refusals("app/orders/probe.server.test.ts", drawing)).toBe(0);
  }, 60_000);
});
