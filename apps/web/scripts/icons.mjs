// Writes the app's install icons (public/icons/*.png) from one drawing: the baht sign on the
// brand green. Run once after changing the drawing: `node apps/web/scripts/icons.mjs` (uses sharp,
// which the API server depends on). The PNGs are committed; the build does not run this.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });

/** `inset` leaves the safe zone a maskable icon needs (the launcher may crop to a circle). */
const drawing = (inset) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${inset ? 0 : 96}" fill="#0b5d4b"/>
  <text x="256" y="${inset ? 330 : 350}" font-family="DejaVu Sans" font-weight="bold" font-size="${inset ? 240 : 320}"
    text-anchor="middle" fill="#ffffff">&#x0E3F;</text>
</svg>`;

for (const [name, size, inset] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  await sharp(Buffer.from(drawing(inset)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, out).pathname);
}
