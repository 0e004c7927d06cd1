import js from "@eslint/js";
import prettierConfig from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

import layers from "./eslint/layers.js";

/** The drawing code and its libraries: the documents Worker's and the tests' (decision 054). */
const drawingImports = {
  group: [
    "**/pdf-renderer.server",
    "**/receipt-pdf.server",
    "**/flight-manifest-pdf.server",
    "**/pdf-library.server",
    "@cantoo/pdf-lib",
    "@pdf-lib/fontkit",
    "**/fonts/*",
  ],
  allowTypeImports: true,
  message: "Only the documents Worker draws PDFs (decision 054): call context.documents.renderer.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "**/.wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The script a page served without React runs as it is (app/utils/static-page.client.js).
  {
    files: ["app/**/*.client.js"],
    languageOptions: { globals: globals.browser, sourceType: "module" },
  },
  // The installable app's worker, served as it is from public/.
  {
    files: ["public/sw.js"],
    languageOptions: { globals: globals.serviceworker, sourceType: "script" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  // Imports sorted one way (packages, then #app/#emails/#tests, then relative), fixed by `eslint --fix`.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "simple-import-sort": simpleImportSort },
    rules: { "simple-import-sort/imports": "error", "simple-import-sort/exports": "error" },
  },
  {
    files: ["app/**/*.tsx", "emails/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One logger (docs/decisions/017-observability.md): the server's lines go through
  // utils/request-log.server.ts, the browser's through utils/client-log.ts; tests and the
  // CLI scripts of scripts/ print as they like.
  {
    files: ["app/**/*.{ts,tsx}", "emails/**/*.{ts,tsx}", "server.ts", "load-context.ts"],
    ignores: ["app/utils/request-log.server.ts", "app/utils/client-log.ts", "**/*.test.{ts,tsx}"],
    rules: { "no-console": "error" },
  },
  // The layers (docs in eslint/layers.js): no import cycle, type-only ones included,
  // a domain's queries only through its services (routes read them as they are), utils and
  // content below every domain, no *.server module in components, a domain imports only the
  // domains ranked below it, and no module passes another's exports through.
  {
    files: ["app/**/*.{ts,tsx}", "emails/**/*.{ts,tsx}", "server.ts", "load-context.ts"],
    plugins: { layers },
    rules: {
      "layers/import-cycle": "error",
      "layers/import-layers": "error",
      "layers/domain-rank": "error",
      "layers/no-pass-through": "error",
    },
  },
  // The Worker that serves the pages never draws a PDF (docs/decisions/054-documents-issued-once.md): the drawing
  // code and its libraries are the documents Worker's (workers/documents/) and the tests'; types may be shared.
  {
    files: ["app/**/*.{ts,tsx}", "emails/**/*.{ts,tsx}", "load-context.ts"],
    ignores: [
      "**/*.test.{ts,tsx}",
      "app/orders/pdf-renderer.server.ts",
      "app/orders/receipt-pdf.server.ts",
      "app/orders/flight-manifest-pdf.server.ts",
      "app/orders/pdf-library.server.ts",
    ],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [drawingImports] }] },
  },
  // server.ts reaches the app through the Remix build only (`build.entry.module.workerImports`): a value
  // imported from app/, emails/ or load-context.ts would be bundled a second time by wrangler
  // (docs/architecture.md, 'One copy of the app in the Worker'); types are erased and stay allowed.
  {
    files: ["server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            drawingImports,
            {
              // gitignore patterns: a leading # starts a comment unless escaped.
              group: ["\\#app/**", "\\#emails/**", "./app/**", "./emails/**", "./load-context", "./load-context.*"],
              allowTypeImports: true,
              message:
                "server.ts takes the app from the Remix build (build.entry.module.workerImports, app/entry.server.tsx): " +
                "an import would bundle a second copy of it. Import types only.",
            },
          ],
        },
      ],
    },
  },
  // A file a newcomer reads in one sitting: at most 300 lines, blank lines and comments
  // counted, in app/ (the schema excepted: one table after another, read by table).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/db/schema.ts"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // A route module reads top to bottom in under 200 lines (docs/decisions/014-action-shape.md):
  // blank lines and comments counted; what grows goes to a component or a service.
  // The other files of a route folder are components, held to the 300 above.
  {
    files: ["app/routes/*.{ts,tsx}", "app/routes/*/route.{ts,tsx}"],
    ignores: ["app/routes/**/*.test.ts"],
    rules: { "max-lines": ["error", { max: 200, skipBlankLines: false, skipComments: false }] },
  },
  // The formatter owns layout (`prettier --check` runs in `npm run lint`).
  prettierConfig,
);
