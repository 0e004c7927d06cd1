/**
 * The documents Worker (docs/decisions/054-documents-issued-once.md): draws receipts, credit notes and flight
 * manifests as PDFs for the main Worker, which calls it through the DOCUMENT_RENDERER service binding (RPC).
 * It has no route of its own and no binding: what it draws arrives whole in the call, what it returns is stored
 * (or streamed) by the caller. Built by Vite (workers/documents/vite.config.ts) so the font's `?inline` import
 * reads as in the app and the tests.
 */
import { WorkerEntrypoint } from "cloudflare:workers";

import type { DocumentRenderer as Renderer } from "#app/orders/document-renderer.server";
import { pdfRenderer } from "#app/orders/pdf-renderer.server";

export class DocumentRenderer extends WorkerEntrypoint implements Renderer {
  renderReceipt(...args: Parameters<Renderer["renderReceipt"]>) {
    return pdfRenderer.renderReceipt(...args);
  }

  renderFlightManifest(...args: Parameters<Renderer["renderFlightManifest"]>) {
    return pdfRenderer.renderFlightManifest(...args);
  }
}

/** Reached only through the binding: nothing answers on its own URL. */
export default {
  fetch: () => new Response("Not found\n", { status: 404 }),
} satisfies ExportedHandler;
