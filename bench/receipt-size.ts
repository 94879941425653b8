// What a receipt takes on disk once stored (file-safety.ts makeSafe: re-encoded JPEG at most 2000 px
// a side, and its 320 px thumbnail), and so what a school needs a year for receipts: 300 families
// x 6 payments x 1.5 receipts each (some send a second photo or a corrected one).
//
//   npx tsx bench/receipt-size.ts
import sharp from 'sharp';
import { makeSafe } from '../api/src/files/file-safety';
import { writeResult } from './support/common';

const RECEIPTS_A_YEAR = 300 * 6 * 1.5;

/** A 4000 x 3000 photo-like JPEG: smooth light with fine grain, as a phone camera writes it (bench/receipts.ts). */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const at = (y * width + x) * 3;
      pixels[at] = (x / width) * 200 + grain;
      pixels[at + 1] = (y / height) * 180 + grain;
      pixels[at + 2] = 120 + ((x + y) % 64) + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function main(): Promise<void> {
  const photo = await phonePhoto();
  const safe = await makeSafe(photo);
  const storedKb = Math.round((safe.data.length + (safe.thumbnail?.length ?? 0)) / 1024);
  const yearMb = Math.round((storedKb * RECEIPTS_A_YEAR) / 1024);
  console.log(
    `photo ${Math.round(photo.length / 1024)} KB -> stored ${Math.round(safe.data.length / 1024)} KB + thumbnail ` +
      `${Math.round((safe.thumbnail?.length ?? 0) / 1024)} KB; ${RECEIPTS_A_YEAR} receipts a year: ${yearMb} MB`,
  );
  console.log(
    writeResult('receipt-size', {
      photoKb: Math.round(photo.length / 1024),
      storedKb,
      receiptsAYear: RECEIPTS_A_YEAR,
      yearMb,
    }),
  );
}

void main();
