/**
 * A profile picture of any common size (a 12-megapixel phone photo included) is scaled down in the
 * browser before upload, so the upload limit can stay small: the longest side becomes at most
 * PICTURE_MAX_SIDE pixels, encoded as JPEG. Pictures already small enough are sent as they are.
 */
import { PROFILE_PICTURE_MAX_BYTES } from '@/lib/rules';

export const PICTURE_MAX_SIDE = 512;
const QUALITIES = [0.88, 0.75, 0.6];

/** The size to draw at: the longest side at most `maxSide`, proportions kept, never enlarged. */
export function fittedSize(width: number, height: number, maxSide = PICTURE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a picture goes up as it is: small in bytes and in pixels. */
export function needsResize(file: { size: number }, width: number, height: number): boolean {
  return file.size > PROFILE_PICTURE_MAX_BYTES || Math.max(width, height) > PICTURE_MAX_SIDE;
}

/** Decodes the picture and returns a smaller JPEG (or the file itself when it is already small). */
export async function resizePicture(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    if (!needsResize(file, bitmap.width, bitmap.height)) return file;
    const size = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot resize pictures');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= PROFILE_PICTURE_MAX_BYTES) {
        return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.jpg`, { type: 'image/jpeg' });
      }
    }
    throw new Error('The picture is too large even after resizing');
  } finally {
    bitmap.close();
  }
}
