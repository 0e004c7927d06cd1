import type { ReactNode } from "react";
// @ts-expect-error: the Node build has no types of its own; its API is `react-dom/server`'s.
import { renderToPipeableStream as renderToPipeable } from "react-dom/server.node";
import type { renderToPipeableStream } from "react-dom/server";

const renderToPipeableStreamNode = renderToPipeable as typeof renderToPipeableStream;

const encoder = new TextEncoder();

/**
 * The page as a stream of HTML. React's Web Streams build encodes every attribute and
 * text on its own, and in workerd that per-string encoding was a quarter of a page's CPU
 * (decision 012). Its Node build, patched (patches/react-dom+18.3.1.patch, decision 042),
 * hands over each flush's HTML as one string, encoded here once: one chunk for the shell,
 * one for each boundary that resolves after it. Unpatched, it encoded string by string
 * into 2 KB buffers, and sent NUL bytes where a multi-byte character met a buffer's end
 * (facebook/react#31134). `waitForAll` (crawlers, kept pages) sends the page once complete
 * rather than as it renders.
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
      write(html: string) {
        controller.enqueue(encoder.encode(html));
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
