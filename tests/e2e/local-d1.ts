import { BASE_URL } from "../../playwright.config";

/**
 * Runs SQL on the running server's local D1 through the server itself (POST /dev/sql, local
 * development and tests only), for rows no form can make. The Worker is the file's only
 * writer (docs/testing.md "One writer"): no second process takes its lock, so a statement
 * never meets SQLITE_BUSY. The statements run in one batch: all of them, or none.
 */
export async function executeLocalSql(...statements: string[]): Promise<number[]> {
  const body = new URLSearchParams(statements.map((statement) => ["statement", statement]));
  const response = await fetch(`${BASE_URL}/dev/sql`, {
    method: "POST",
    headers: { Origin: BASE_URL, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  const answer = (await response.json()) as { changes?: number[]; message?: string };
  if (!response.ok || !answer.changes) throw new Error(`/dev/sql answered ${response.status}: ${answer.message}`);
  return answer.changes;
}
