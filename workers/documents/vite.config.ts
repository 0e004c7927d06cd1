// The documents Worker's bundle (decision 054): Vite, as the app's server build, so `?inline` and `#app/*`
// resolve the same way; wrangler then takes build/documents/index.js as it is (workers/documents/wrangler.toml).
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    ssr: "workers/documents/index.ts",
    outDir: "build/documents",
    emptyOutDir: true,
    minify: "terser",
    target: "es2022",
    rollupOptions: {
      external: ["cloudflare:workers"],
      output: { entryFileNames: "index.js", inlineDynamicImports: true },
    },
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  publicDir: false,
});
