import type { ReactNode } from "react";
// @ts-expect-error: the Node build has no types of its own; its API is `react-dom/server`'s.
import { renderToPipeableStream as renderToPipeable } from "react-dom/server.node";
import type { renderToPipeableStream } from "react-dom/server";

const renderToPipeableStreamNode = renderToPipeable as typeof renderToPipeableStream;

const VIEW_SIZE = 2048;

/**
 * React 18.3's Node renderer fills 2 KB buffers; when a character of 2 to 4 bytes does
 * not fit in what is left of one, it sends the whole buffer anyway, its last 1 to 3 bytes
 * never written: NUL bytes in the page (facebook/react#31134, fixed in React 19). An 'é'
 * or a no-break space at a buffer's end put a U+0000 in a French page about once in a
 * few pages. Those bytes are zeros (a new buffer each time); HTML of ours never ends a
 * full buffer with a NUL otherwise, so they are cut off here.
 */
export function withoutUnwrittenTail(chunk: Uint8Array): Uint8Array {
  if (chunk.byteLength !== VIEW_SIZE || chunk[VIEW_SIZE - 1] !== 0) return chunk;
  let end = VIEW_SIZE - 1;
  while (end > VIEW_SIZE - 4 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}

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
        controller.enqueue(withoutUnwrittenTail(chunk));
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
