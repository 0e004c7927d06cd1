import { Buffer } from "node:buffer";
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A page kept compressed, with holes for the nonce: docs/decisions/044-kept-pages-compressed.md. */
export type GzipTemplate = {
  segments: Uint8Array[];
  parts: Uint8Array[];
  firstCrc: number;
  length: number;
};

const encoder = new TextEncoder();
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff); // deflate, no name, no time, unknown OS
const LAST_BLOCK = Uint8Array.of(1, 0, 0, 0xff, 0xff); // stored, final, empty
const STORED_MAX = 0xffff;

export function gzipTemplate(parts: string[]): GzipTemplate {
  const bytes = parts.map((part) => encoder.encode(part));
  return {
    segments: bytes.map((part) => deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })),
    parts: bytes,
    firstCrc: crc32(bytes[0] ?? new Uint8Array()),
    length: bytes.reduce((sum, part) => sum + part.length, 0),
  };
}

export function fillGzipTemplate(template: GzipTemplate, hole: string): Uint8Array<ArrayBuffer> {
  const filler = encoder.encode(hole);
  const holes = template.segments.length - 1;
  if (filler.length > STORED_MAX) throw new RangeError("A hole of a gzip template holds at most 65,535 bytes.");
  const stored = new Uint8Array(5 + filler.length);
  stored.set([0, filler.length & 0xff, filler.length >> 8, ~filler.length & 0xff, (~filler.length >> 8) & 0xff]);
  stored.set(filler, 5);
  let crc = template.firstCrc;
  for (let i = 1; i <= holes; i++) crc = crc32(template.parts[i]!, crc32(filler, crc));
  const length = template.length + holes * filler.length;
  const pieces: Uint8Array[] = [HEADER, template.segments[0]!];
  for (let i = 1; i <= holes; i++) pieces.push(stored, template.segments[i]!);
  pieces.push(LAST_BLOCK, littleEndian(crc), littleEndian(length));
  return Buffer.concat(pieces);
}

function littleEndian(value: number) {
  return Uint8Array.of(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff);
}

export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | null = null;
  for (const element of acceptEncoding.split(",")) {
    const [coding = "", ...params] = element.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") star = accepted;
  }
  return star === true;
}
