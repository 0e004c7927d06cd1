import type { ReactNode } from "react";
// @ts-expect-error: the Node build has no types of its own; its API is `react-dom/server`'s.
import { renderToPipeableStream as renderToPipeable } from "react-dom/server.node";
import type { renderToPipeableStream } from "react-dom/server";

const renderToPipeableStreamNode = renderToPipeable as typeof renderToPipeableStream;

/**
 * The page as a stream of HTML. React's Node build writes the HTML into 2 KB buffers;
 * its Web Streams build encodes every attribute and text on its own, and in workerd
 * that per-string encoding was a quarter of a page's CPU (decision 012).
 * `waitForAll` (crawlers) sends the page once complete rather than as it renders.
 */
export function renderDocument(
  element: ReactNode,
  options: { signal: AbortSignal; nonce: string; waitForAll: boolean; onError: (error: unknown) => void },
): Promise<ReadableStream<Uint8Array>> {
  return new Promise((resolve, reject) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
      cancel(reason) {
        abort(reason);
      },
    });
    // What React's `pipe` needs of a Node Writable; the body stream buffers, so no back-pressure.
    const destination = {
      write(chunk: Uint8Array) {
        controller.enqueue(chunk);
        return true;
      },
      end() {
        controller.close();
      },
      destroy(error: unknown) {
        controller.error(error);
      },
      on() {
        return destination;
      },
    };
    const { pipe, abort } = renderToPipeableStreamNode(element, {
      nonce: options.nonce,
      onShellReady() {
        if (options.waitForAll) return;
        pipe(destination as unknown as NodeJS.WritableStream);
        resolve(body);
      },
      onAllReady() {
        if (!options.waitForAll) return;
        pipe(destination as unknown as NodeJS.WritableStream);
        resolve(body);
      },
      onShellError: reject,
      onError: options.onError,
    });
    options.signal.addEventListener("abort", () => abort(options.signal.reason), { once: true });
  });
}
