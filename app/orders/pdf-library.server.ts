// pdf-lib, fontkit and the font, shared by the PDFs of orders (decision 035): loaded on the first document,
// not at the isolate's start (docs/speed.md).
import type { PDFDocument, PDFFont, PDFPage, RGB } from "@cantoo/pdf-lib";
import type fontkit from "@pdf-lib/fontkit";

type PdfFontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type FontkitFont = ReturnType<typeof fontkit.create>;

/** @cantoo/pdf-lib calls a subset's `encode()`, which @pdf-lib/fontkit's throws without a stream argument. */
function subsettingFontkit(kit: typeof fontkit): PdfFontkit {
  return {
    create(buffer) {
      const font = kit.create(buffer);
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        return {
          includeGlyph: (glyph: Parameters<typeof subset.includeGlyph>[0]) => subset.includeGlyph(glyph),
          encodeStream: () => subset.encodeStream(),
        } as unknown as typeof subset;
      };
      return font as unknown as ReturnType<PdfFontkit["create"]>;
    },
  };
}

let library: ReturnType<typeof loadLibrary> | null = null;

/** The library, the font and the house colours, loaded once per isolate. */
export function pdfLibrary() {
  library ??= loadLibrary();
  return library;
}

function loadLibrary() {
  return Promise.all([
    import("@cantoo/pdf-lib"),
    import("@pdf-lib/fontkit"),
    import("#app/content/fonts/DejaVuSans.ttf?inline"),
  ]).then(([pdfLib, { default: kit }, { default: fontDataUrl }]) => {
    const binary = atob(fontDataUrl.slice(fontDataUrl.indexOf(",") + 1));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    const { rgb } = pdfLib;
    const colors: Record<"ink" | "muted" | "rule" | "shade", RGB> = {
      ink: rgb(0.07, 0.13, 0.27),
      muted: rgb(0.35, 0.4, 0.5),
      rule: rgb(0.75, 0.78, 0.84),
      shade: rgb(0.93, 0.95, 0.98),
    };
    return { pdfLib, fontkit: subsettingFontkit(kit), bytes, face: kit.create(bytes) as FontkitFont, colors };
  });
}

/** So that a name in an unusual script never fails the document. */
export function drawableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = "";
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0x3f;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) out += " ";
    else if (hasGlyph(codePoint)) out += character;
    else out += codePoint === 0x202f && hasGlyph(0xa0) ? "\u00a0" : "?";
  }
  return out;
}

export function writeRight(
  page: PDFPage,
  font: PDFFont,
  text: string,
  right: number,
  y: number,
  size: number,
  color: RGB,
) {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font, color });
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
