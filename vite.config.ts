import { createRequire } from "node:module";
import { resolve } from "node:path";

import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const require = createRequire(import.meta.url);

/**
 * Every page loads the root route, so what the root and the browser entry import is on
 * every page: React, React Router and Remix in one chunk ("framework"), the app's own
 * modules (translations, the button, the frame's hooks...) in another ("frame"), rather
 * than a handful of sub-kilobyte chunks. No page downloads a byte more, the chunk
 * compresses better than its parts, a page makes fewer requests, and the framework's
 * chunk stays cached across releases (scripts/bench-bytes.ts prints the sizes).
 */
const frameChunks = (appDirectory: string): Rollup.GetManualChunk => {
  let everyPage: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!everyPage) {
      everyPage = new Set();
      const queue = [`${appDirectory}/root.tsx?__remix-build-client-route`, `${appDirectory}/entry.client.tsx`];
      for (const entry of queue) if (!getModuleInfo(entry)) throw new Error(`frameChunks: no module ${entry}`);
      for (const next of queue) {
        for (const imported of getModuleInfo(next)?.importedIds ?? []) {
          if (everyPage.has(imported) || getModuleInfo(imported)?.isEntry) continue;
          everyPage.add(imported);
          queue.push(imported);
        }
      }
    }
    if (!everyPage.has(id)) return undefined;
    return id.startsWith(`${appDirectory}/`) ? "frame" : "framework";
  };
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      // Tests sit beside the code, also in app/routes/, and are not routes.
      ignoredRouteFiles: ["**/*.test.{ts,tsx}"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
    // STACK.md trap 3: under `vite dev` loaders run in Node, where the workerd
    // build of @react-email/render fails with React 18.
    alias:
      command === "serve"
        ? [
            {
              find: "@react-email/render",
              replacement: require.resolve("@react-email/render").replace(/dist\/.*$/, "dist/node/index.mjs"),
            },
          ]
        : [],
  },
  build: {
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: frameChunks(resolve("app")) } },
  },
}));
