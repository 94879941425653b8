// The receipt benches' phone photo, made here rather than kept as a binary in the repository.
import sharp from 'sharp';

/** A 4000 x 3000 photo-like JPEG: smooth light with fine grain, as a phone camera writes it. */
export async function phonePhoto(): Promise<Buffer> {
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
