/**
 * Item pictures: re-encoded in the browser to a JPEG data URL no wider or taller than MAX_SIDE pixels, with
 * the quality lowered until it fits the stored size cap (the worker refuses anything larger).
 */
import { MAX_IMAGE_CHARS } from '../../commands/store';

const MAX_SIDE = 512;

export async function encodeImage(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
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
    if (url.length <= MAX_IMAGE_CHARS) return url;
  }
  throw new Error('The picture is too large even after shrinking it');
}
