import { vi } from 'vitest';

/**
 * jsdom decodes and draws no image: the browser's part of shrinking a photo is stood in for (a
 * decoded picture, a canvas that encodes a small JPEG of its own for each photo), so the photos go
 * through the real picker. The kit's setup restores them after the test.
 */
export function browserDrawsPhotos() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 600, close() {} }));
  const context = { fillStyle: '', fillRect() {}, drawImage() {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  let n = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, n++])], { type: 'image/jpeg' })),
  );
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:photo';
      static override revokeObjectURL = () => {};
    },
  );
}
/** A chosen photo: a JPEG by its first bytes. */
export const PHOTO = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], 'photo.jpg', {
  type: 'image/jpeg',
});
