// The drawing itself, for the documents Worker (workers/documents/index.ts) and the tests, never imported by
// the Worker that serves the pages: pdf-lib, fontkit and the font stay out of its bundle (decision 054).
import type { DocumentRenderer } from "./document-renderer.server";
import { renderFlightManifestPdf } from "./flight-manifest-pdf.server";
import { renderReceiptPdf } from "./receipt-pdf.server";

export const pdfRenderer: DocumentRenderer = {
  renderReceipt: (document) => renderReceiptPdf(document),
  renderFlightManifest: (manifest, options) => renderFlightManifestPdf(manifest, options),
};
