/**
 * The documents of a test context (decision 054): the real drawing code in process (what the documents Worker runs)
 * and the real local R2 bucket of tests/d1.ts. `countingRenderer` counts the drawings, to prove a download draws none.
 */
import type { DocumentRenderer } from "#app/orders/document-renderer.server";
import { pdfRenderer } from "#app/orders/pdf-renderer.server";

import { testDocumentsBucket } from "./d1";

export function countingRenderer(renderer: DocumentRenderer = pdfRenderer) {
  const counted = { receipts: 0, manifests: 0 };
  return {
    counted,
    renderReceipt: (...args) => ((counted.receipts += 1), renderer.renderReceipt(...args)),
    renderFlightManifest: (...args) => ((counted.manifests += 1), renderer.renderFlightManifest(...args)),
  } satisfies DocumentRenderer & { counted: typeof counted };
}

export function testDocuments({ renderer = pdfRenderer }: { renderer?: DocumentRenderer } = {}) {
  return { renderer, bucket: testDocumentsBucket() };
}

/** The bucket outlives a test file (one per vitest worker, as the databases): a file that lists it starts it empty. */
export async function emptyTestBucket(bucket: R2Bucket) {
  for (let listed = await bucket.list(); listed.objects.length > 0; listed = await bucket.list()) {
    await bucket.delete(listed.objects.map((object) => object.key));
  }
}
