import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import { defineConfig } from "vite";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const require = createRequire(import.meta.url);

export default defineConfig(({ command }) => ({
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
  build: { minify: "terser", terserOptions: { compress: { passes: 2 } } },
}));
