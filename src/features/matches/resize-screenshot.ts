/**
 * A result-screen screenshot is scaled in the browser before upload: at most SCREENSHOT_MAX_WIDTH pixels
 * wide, always JPEG, so a phone's full-resolution capture fits the evidence bucket's 5 MB limit and uploads
 * quickly on mobile data. The score stays readable at that width. (Profile pictures do the same with
 * their own limits: features/profile/resize-picture.ts.)
 */
import { MATCH_SCREENSHOT_MAX_BYTES, MATCH_SCREENSHOT_TYPES } from '@/lib/rules';

export const SCREENSHOT_MAX_WIDTH = 1600;
const QUALITIES = [0.85, 0.7, 0.55];

/** The size to draw at: at most `maxWidth` wide, proportions kept, never enlarged. */
export function screenshotSize(width: number, height: number, maxWidth = SCREENSHOT_MAX_WIDTH): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Why a chosen file cannot be a screenshot, or null when it can. */
export function screenshotProblem(file: { type: string }): string | null {
  return (MATCH_SCREENSHOT_TYPES as readonly string[]).includes(file.type) ? null : 'Choose a picture: a JPEG, PNG or WebP screenshot.';
}

/** Decodes the screenshot and returns it as a JPEG at most SCREENSHOT_MAX_WIDTH wide. */
export async function resizeScreenshot(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const size = screenshotSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot prepare the screenshot');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= MATCH_SCREENSHOT_MAX_BYTES) return blob;
    }
    throw new Error('The screenshot is too large even after resizing');
  } finally {
    bitmap.close();
  }
}
