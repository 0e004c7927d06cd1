-- Receipts and credit notes issued once and stored (docs/decisions/054-documents-issued-once.md): what each
-- document says, written with its number; the stored PDF's SHA-256 (the file itself is in R2); its re-drawings.
-- Written by hand: ALTER TABLE ADD COLUMN with column CHECKs, no rebuild.
ALTER TABLE `receipts` ADD `snapshot` text CHECK (`snapshot` IS NULL OR json_valid(`snapshot`));--> statement-breakpoint
ALTER TABLE `receipts` ADD `pdf_sha256` text
  CHECK (`pdf_sha256` IS NULL OR (length(`pdf_sha256`) = 64 AND `pdf_sha256` NOT GLOB '*[^0-9a-f]*'));--> statement-breakpoint
ALTER TABLE `receipts` ADD `pdf_redrawn_at` integer;--> statement-breakpoint
ALTER TABLE `receipts` ADD `pdf_redraws` integer DEFAULT 0 NOT NULL CHECK (`pdf_redraws` >= 0);--> statement-breakpoint
-- A document once written never changes: neither its number, amount, language and date, nor what it says.
-- Only the stored file's checksum moves, when a missing file is drawn again from the snapshot.
CREATE TRIGGER `receipts_written_once`
BEFORE UPDATE OF `number`, `order_id`, `kind`, `amount_cents`, `language`, `issued_at`, `snapshot` ON `receipts`
WHEN OLD.`snapshot` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'receipts_written_once: an issued document does not change');
END;
