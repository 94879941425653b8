// Chromium's fake camera showing a pass's QR code (`--use-file-for-fake-video-capture`).
import { writeFileSync } from 'node:fs';
import { create as createQr } from 'qrcode';

/**
 * A video of the QR for Chromium's fake camera: a few still frames of Y4M (4:2:0), the code drawn
 * black on white with a quiet zone, large enough for the decoder.
 */
export function qrVideo(text: string, file: string): void {
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  const [width, height] = [640, 480];
  const scale = Math.floor(400 / (modules.size + 8));
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < scale; dy += 1)
        luma.fill(
          16,
          (top + row * scale + dy) * width + left + column * scale,
          (top + row * scale + dy) * width + left + (column + 1) * scale,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
}
