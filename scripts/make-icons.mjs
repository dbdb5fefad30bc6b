// Draws the PWA icons (public/*.png) with Node's built-in modules only: no image tool is
// installed here, and the icon is simple enough to rasterise by hand (a form sheet on the theme
// blue). Run `node scripts/make-icons.mjs` after changing it; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x22, 0x8b, 0xe6];
const WHITE = [0xff, 0xff, 0xff];
const LINE = [0xa5, 0xd8, 0xff];
const GREEN = [0x40, 0xc0, 0x57];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const png = (size, rgba) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Inside a rounded rectangle given in unit coordinates (0..1). */
const inRoundRect = (x, y, [x0, y0, x1, y1], r) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
/** Near the segment a–b within half-width w. */
const nearSegment = (x, y, [ax, ay], [bx, by], w) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return (x - (ax + t * (bx - ax))) ** 2 + (y - (ay + t * (by - ay))) ** 2 <= w * w;
};

/**
 * The colour at a unit point. `scale` shrinks the sheet towards the centre (maskable icons keep
 * it inside the 80 % safe circle); `rounded` gives the "any" icons transparent corners.
 */
const paint = (x, y, { scale, rounded }) => {
  if (rounded && !inRoundRect(x, y, [0, 0, 1, 1], 0.2)) return null;
  const u = 0.5 + (x - 0.5) / scale;
  const v = 0.5 + (y - 0.5) / scale;
  if (inCircle(u, v, 0.7, 0.72, 0.16)) {
    const tick = nearSegment(u, v, [0.62, 0.72], [0.68, 0.78], 0.025) || nearSegment(u, v, [0.68, 0.78], [0.79, 0.65], 0.025);
    return tick ? WHITE : GREEN;
  }
  if (inRoundRect(u, v, [0.24, 0.16, 0.76, 0.84], 0.05)) {
    for (const ly of [0.32, 0.44, 0.56]) {
      if (inRoundRect(u, v, [0.33, ly - 0.025, 0.67, ly + 0.025], 0.025)) return LINE;
    }
    return WHITE;
  }
  return BLUE;
};

const render = (size, options) => {
  const S = 4; // 4×4 samples per pixel for smooth edges
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < S; sy += 1) {
        for (let sx = 0; sx < S; sx += 1) {
          const c = paint((px + (sx + 0.5) / S) / size, (py + (sy + 0.5) / S) / size, options);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      // Colour is averaged over the covered samples only (straight, not premultiplied, alpha).
      out[i] = a ? Math.round(r / a) : 0;
      out[i + 1] = a ? Math.round(g / a) : 0;
      out[i + 2] = a ? Math.round(b / a) : 0;
      out[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return png(size, out);
};

const icons = [
  ['public/pwa-192x192.png', 192, { scale: 1, rounded: true }],
  ['public/pwa-512x512.png', 512, { scale: 1, rounded: true }],
  ['public/maskable-512x512.png', 512, { scale: 0.72, rounded: false }],
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  ['public/apple-touch-icon.png', 180, { scale: 0.85, rounded: false }],
];
for (const [file, size, options] of icons) {
  writeFileSync(new URL(`../${file}`, import.meta.url), render(size, options));
  console.log(file);
}
