// A ZIP archive written as it streams, entries stored uncompressed (PDFs are compressed already): the local
// header, the bytes, and at the end the central directory (APPNOTE 6.3.10, no ZIP64: at most 65,535 entries
// and 4 GiB). Names in UTF-8 (general purpose flag bit 11).

export type ZipEntry = { name: string; bytes: Uint8Array; modified: Date };

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time, as the file's local time reads in UTC (what unzip shows). */
function dosDateTime(date: Date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

function header(fields: [number, 2 | 4][], name: Uint8Array) {
  const size = fields.reduce((sum, [, bytes]) => sum + bytes, 0);
  const out = new Uint8Array(size + name.length);
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const [value, bytes] of fields) {
    if (bytes === 2) view.setUint16(offset, value, true);
    else view.setUint32(offset, value, true);
    offset += bytes;
  }
  out.set(name, offset);
  return out;
}

/** Pulls one entry at a time from `entries`, so only one document is held at once. */
export function zipStream(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const central: Uint8Array[] = [];
  let offset = 0;
  let count = 0;
  const iterator = entries[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        const directory = central.reduce((sum, record) => sum + record.length, 0);
        for (const record of central) controller.enqueue(record);
        const end: [number, 2 | 4][] = [
          [0x06054b50, 4],
          [0, 2],
          [0, 2],
          [count, 2],
          [count, 2],
          [directory, 4],
          [offset, 4],
          [0, 2],
        ];
        controller.enqueue(header(end, new Uint8Array()));
        controller.close();
        return;
      }
      const { name, bytes, modified } = next.value;
      const encodedName = encoder.encode(name);
      const crc = crc32(bytes);
      const { time, day } = dosDateTime(modified);
      const shared: [number, 2 | 4][] = [
        [20, 2],
        [0x0800, 2],
        [0, 2],
        [time, 2],
        [day, 2],
        [crc, 4],
        [bytes.length, 4],
        [bytes.length, 4],
        [encodedName.length, 2],
        [0, 2],
      ];
      const local = header([[0x04034b50, 4], ...shared], encodedName);
      central.push(
        header(
          [[0x02014b50, 4], [20, 2], ...shared, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]] as [number, 2 | 4][],
          encodedName,
        ),
      );
      controller.enqueue(local);
      controller.enqueue(bytes);
      offset += local.length + bytes.length;
      count += 1;
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
