/**
 * The bookkeeper's month (docs/decisions/054-documents-issued-once.md) as the admin gets it from the 'Commandes'
 * tab: an order paid offline and validated has its receipt in the month's CSV (its checksum, the VAT treatment)
 * and its stored PDF in the month's ZIP; both forms work without JavaScript.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Download, Page } from "@playwright/test";

import { parseCsv } from "../csv";
import { adminTestFlight, bookOverHttp, buyerRequest } from "./admin-helpers";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, loginAs, settle, test } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await acceptEssentialCookies(context);
});

/** A pending order on a flight no other spec books (the 23rd from the end), validated as paid offline. */
async function validatedOrder(page: Page, { hydrated }: { hydrated: boolean }) {
  const buyer = await buyerRequest();
  const email = await bookOverHttp(buyer, adminTestFlight(19).id, 1);
  await buyer.dispose();
  await loginAs(page, "admin", { redirectTo: `/admin/orders?q=${encodeURIComponent(email)}` });
  if (hydrated) await settle(page);
  const card = page.getByTestId("order-card");
  await expect(card).toHaveCount(1);
  const reference = (await card.getByTestId("order-reference").textContent())?.trim() ?? "";
  await card.locator("summary").first().click();
  await card.getByRole("button", { name: "Valider" }).click();
  await expect(page.getByText("Commande validée avec succès")).toBeVisible();
  if (hydrated) await settle(page);
  return reference;
}

async function bytesOf(download: Download) {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

async function monthCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Reçus et notes de crédit (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^comptabilite_\d{4}-\d{2}\.csv$/);
  const text = (await bytesOf(file)).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1).trimEnd(), ";");
  expect(header).toEqual(["Numéro", "Date", "Type", "Commande", "Client", "Montant", "Traitement TVA", "SHA-256"]);
  return rows;
}

async function monthZipNames(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "PDF du mois (ZIP)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^comptabilite_\d{4}-\d{2}\.zip$/);
  const dir = mkdtempSync(join(tmpdir(), "accounting-e2e-"));
  try {
    const archive = join(dir, "month.zip");
    writeFileSync(archive, await bytesOf(file));
    expect(execFileSync("unzip", ["-tq", archive]).toString()).toContain("No errors detected");
    return execFileSync("unzip", ["-Z1", archive]).toString().trim().split("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the admin downloads the month's receipts as CSV and their PDFs as one ZIP", async ({ page }) => {
  const reference = await validatedOrder(page, { hydrated: true });
  await expect(page.getByLabel("Mois")).toHaveValue(/^\d{4}-\d{2}$/);
  const rows = await monthCsv(page);
  const row = rows.find((candidate) => candidate[3] === reference);
  expect(row?.slice(2, 7)).toEqual(["Reçu", reference, "Olivia Ordre", row?.[5], "Exonéré (LTVA art. 23 al. 2 ch. 8)"]);
  expect(row?.[5]).toMatch(/^\d+,\d{2}$/);
  expect(row?.[7]).toMatch(/^[0-9a-f]{64}$/);
  const names = await monthZipNames(page);
  expect(names).toContain(`${row![0]}-recu.pdf`);
  for (const listed of rows)
    expect(names).toContain(`${listed[0]}-${listed[2] === "Reçu" ? "recu" : "note-de-credit"}.pdf`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("both forms are plain HTML posts", async ({ page }) => {
    const reference = await validatedOrder(page, { hydrated: false });
    const rows = await monthCsv(page);
    const row = rows.find((candidate) => candidate[3] === reference);
    expect(row?.[2]).toBe("Reçu");
    expect(await monthZipNames(page)).toContain(`${row![0]}-recu.pdf`);
  });
});
