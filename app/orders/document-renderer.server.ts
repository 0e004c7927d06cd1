// What draws the PDFs (docs/decisions/054-documents-issued-once.md): the documents Worker behind the
// DOCUMENT_RENDERER service binding, never the Worker that serves the pages, which only holds this interface.
import type { Language } from "#app/i18n";

import type { FlightManifest } from "./flight-manifest.server";
import type { ReceiptDocument } from "./receipt-pdf.server";

export interface DocumentRenderer {
  renderReceipt(document: ReceiptDocument): Promise<Uint8Array<ArrayBuffer>>;
  renderFlightManifest(
    manifest: FlightManifest,
    options: { language: Language; issuedAt: Date },
  ): Promise<Uint8Array<ArrayBuffer>>;
}

/** Where the documents Worker is not bound (`vite dev` alone): every drawing fails, and says why. */
export const unboundRenderer: DocumentRenderer = {
  renderReceipt: () => Promise.reject(new Error("DOCUMENT_RENDERER is not bound: run the documents Worker")),
  renderFlightManifest: () => Promise.reject(new Error("DOCUMENT_RENDERER is not bound: run the documents Worker")),
};
