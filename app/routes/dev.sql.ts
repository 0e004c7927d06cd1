import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireLocalDatabase, runDevStatements } from "#app/db/dev-sql.server";
import { z } from "#app/utils/zod";

/** More than any test fixture needs; a batch is one round trip whatever its length. */
const MAX_STATEMENTS = 50;
const DevSqlSchema = z.object({ statement: z.array(z.string().trim().min(1)).min(1).max(MAX_STATEMENTS) });

export function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalDatabase(context, request);
  // A real Response: a resource route's `data()` loses its status under single fetch.
  return Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Runs the statements in one batch inside the Worker, the local D1's only writer
 * (db/dev-sql.server.ts). A plain form: parseForm's coercion strips the line breaks.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalDatabase(context, request);
  const parsed = DevSqlSchema.safeParse({ statement: (await request.formData()).getAll("statement") });
  if (!parsed.success)
    return Response.json({ message: `Post 1 to ${MAX_STATEMENTS} non-empty 'statement' fields.` }, { status: 400 });
  const outcome = await runDevStatements(context.cloudflare.env.DB, parsed.data.statement);
  if (!outcome.ok) return Response.json({ message: outcome.message }, { status: 422 });
  return Response.json({ changes: outcome.changes });
}
