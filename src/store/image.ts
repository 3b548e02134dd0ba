/**
 * Pictures people upload (item pictures, invoice header and footer images): re-encoded in the browser to a JPEG
 * data URL no wider or taller than the given sides (items: MAX_SIDE pixels), with the quality lowered until it
 * fits the stored size cap (the worker refuses anything larger). Re-encoding also drops whatever else the file
 * carried (metadata, scripts in an SVG): only pixels go in.
 */
import { MAX_IMAGE_CHARS } from '../../commands/items';

const MAX_SIDE = 512;

export type ImageLimits = { maxWidth: number; maxHeight: number; maxChars: number };

export async function encodeImage(file: File, limits: ImageLimits = { maxWidth: MAX_SIDE, maxHeight: MAX_SIDE, maxChars: MAX_IMAGE_CHARS }): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, limits.maxWidth / bitmap.width, limits.maxHeight / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot read pictures');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (let quality = 0.85; quality >= 0.3; quality -= 0.15) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= limits.maxChars) return url;
  }
  throw new Error('The picture is too large even after shrinking it');
}
