/**
 * The repository's own ESLint configuration keeps server.ts from importing the app (docs/architecture.md, 'One
 * copy of the app'): wrangler would bundle a second copy of what it imports beside the Remix build's, past the
 * upload's budget. A value import from app/, emails/ or load-context.ts is refused there; a type import is allowed.
 */
import path from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: repository });
const RULE = "@typescript-eslint/no-restricted-imports";

async function refusals(code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repository, "server.ts") });
  return result!.messages.filter((message) => message.ruleId === RULE).length;
}

describe("one copy of the app in the Worker", () => {
  it("refuses a value import of the app, the mails or the load context in server.ts", async () => {
    for (const code of [
      'import { handleQueueBatch } from "#app/operations/queue.server";\nvoid handleQueueBatch;\n',
      'import { createNonce } from "./app/utils/security-headers.server";\nvoid createNonce;\n',
      'import { emails } from "#emails/registry";\nvoid emails;\n',
      'import { getLoadContext } from "./load-context";\nvoid getLoadContext;\n',
      'import { type Env, InvalidEnvError } from "./app/utils/env.server";\nexport type E = Env;\nvoid InvalidEnvError;\n',
    ]) {
      expect(await refusals(code), code).toBe(1);
    }
  }, 60_000);

  it("allows types, packages, and still refuses the drawing code there", async () => {
    expect(await refusals('import type { Env } from "./app/utils/env.server";\nexport type E = Env;\n')).toBe(0);
    expect(await refusals('import type { Cloudflare } from "./load-context";\nexport type C = Cloudflare;\n')).toBe(0);
    expect(await refusals('import { withSentry } from "@sentry/cloudflare";\nvoid withSentry;\n')).toBe(0);
    expect(await refusals('import { PDFDocument } from "@cantoo/pdf-lib";\nvoid PDFDocument;\n')).toBe(1);
  }, 60_000);
});
