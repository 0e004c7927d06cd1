import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations into migrations/, the folder wrangler applies.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
