import { afterEach, beforeEach, vi } from 'vitest';

// jsdom decodes no images and has no canvas: a test "image" file carries its pixel size as its
// content ("800x600"), a stub Image reads it back, and the canvas returns a fixed JPEG data URL
// (react-color paints its checkerboard on a canvas too, hence fillRect and translate).
export const CROPPED_JPEG = 'data:image/jpeg;base64,Y3JvcHBlZA==';

export function imageFile(name: string, width = 800, height = 600, type = 'image/png'): File {
  return new File([`${width}x${height}`], name, { type });
}

class SizedImageStub {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(value: string) {
    const [width, height] = atob(value.split(',')[1] ?? '')
      .split('x')
      .map(Number);
    setTimeout(() => {
      if (Number.isFinite(width) && Number.isFinite(height)) {
        this.naturalWidth = width;
        this.naturalHeight = height;
        this.onload?.();
      } else {
        this.onerror?.();
      }
    });
  }
}

function installImageStubs() {
  vi.stubGlobal('Image', SizedImageStub);
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage,
    fillRect: vi.fn(),
    translate: vi.fn(),
    fillStyle: '',
  } as unknown as CanvasRenderingContext2D);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(CROPPED_JPEG);
  return { drawImage, toDataURL };
}

/**
 * Installs the stubs before each test of the file and removes them (and any fake timers) after it;
 * the returned canvas spies are those of the running test.
 */
export function imageStubsForEachTest(): ReturnType<typeof installImageStubs> {
  const stubs = {} as ReturnType<typeof installImageStubs>;
  beforeEach(() => {
    Object.assign(stubs, installImageStubs());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return stubs;
}

/** The data URL FileReader makes of imageFile(...). */
export function dataUrlOf(width: number, height: number, type = 'image/png'): string {
  return `data:${type};base64,${btoa(`${width}x${height}`)}`;
}
