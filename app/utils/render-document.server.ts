import type { ReactNode } from "react";
import type { renderToPipeableStream } from "react-dom/server";
// @ts-expect-error: the Node build has no types of its own; its API is `react-dom/server`'s.
import { renderToPipeableStream as renderToPipeable } from "react-dom/server.node";

const renderToPipeableStreamNode = renderToPipeable as typeof renderToPipeableStream;

const encoder = new TextEncoder();

/** React's Node build, patched to hand over each flush's HTML as one string, encoded here once (decisions 012, 042). */
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
