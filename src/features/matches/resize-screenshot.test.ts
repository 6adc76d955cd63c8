import { describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_WIDTH, screenshotProblem, screenshotSize } from './resize-screenshot';

describe('screenshots before upload', () => {
  // Fails -> a phone's full-size capture goes up as it is (slow, or over the bucket's 5 MB), or a
  // screenshot is stretched.
  it('fits the width to 1600 px, keeps the proportions and never enlarges', () => {
    expect(screenshotSize(2400, 1080)).toEqual({ width: SCREENSHOT_MAX_WIDTH, height: 720 });
    expect(screenshotSize(1080, 2400)).toEqual({ width: 1080, height: 2400 });
    expect(screenshotSize(800, 360)).toEqual({ width: 800, height: 360 });
  });

  it('accepts pictures only', () => {
    expect(screenshotProblem({ type: 'image/png' })).toBeNull();
    expect(screenshotProblem({ type: 'application/pdf' })).toMatch(/JPEG, PNG or WebP/);
  });
});
