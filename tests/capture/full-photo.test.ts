// The automatic shutter's full-resolution photo (src/app/capture/live/fullPhoto.ts): a photo from a 50-200 MP sensor
// is handed on undecoded, for the capture session's working copy; an ordinary one is decoded to check it.
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeFullPhoto } from '../../src/app/capture/live/fullPhoto.ts';

/** A small real JPEG whose frame header claims width × height. */
async function jpegClaiming(width: number, height: number): Promise<Blob> {
  const b = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2d6a4f' } }).jpeg().toBuffer());
  for (let p = 2; p < b.length; p += 2 + ((b[p + 2]! << 8) | b[p + 3]!)) {
    if (b[p + 1] === 0xc0) {
      b.set([height >> 8, height & 255, width >> 8, width & 255], p + 5);
      return new Blob([b], { type: 'image/jpeg' });
    }
  }
  throw new Error('no SOF0');
}

/** A browser with ImageCapture whose photos are `photo`, with ImageDecoder (so JPEGs decode scaled). */
function browserWithCamera(photo: Blob) {
  vi.stubGlobal(
    'ImageCapture',
    class {
      getPhotoCapabilities = async () => ({ imageWidth: { max: 16320 }, imageHeight: { max: 12240 } });
      takePhoto = async () => photo;
    },
  );
  vi.stubGlobal('ImageDecoder', class {});
  // frames that carry the EXIF orientation (VideoFrame.rotation), as canDecodeJpegScaled asks
  vi.stubGlobal('VideoFrame', Object.assign(function VideoFrame() {}, { prototype: { rotation: 0 } }));
  const decoded = vi.fn(async () => ({ width: 4000, height: 3000, close() {} }) as unknown as ImageBitmap);
  vi.stubGlobal('createImageBitmap', decoded);
  const track = { readyState: 'live', getSettings: () => ({ width: 1920, height: 1080 }) };
  const stream = { getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, decoded };
}

const videoFrame = async () => {
  throw new Error('the video frame is not wanted here');
};

describe('the automatic shutter\'s full-resolution photo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands a 200 MP photo on undecoded (frame null), for the working copy', async () => {
    const photo = await jpegClaiming(16320, 12240);
    const { stream, decoded } = browserWithCamera(photo);
    const shot = await takeFullPhoto(stream, videoFrame);
    expect(shot).toEqual({ blob: photo, frame: null, via: 'image-capture' });
    expect(decoded).not.toHaveBeenCalled();
  });

  it('decodes a 12 MP photo to check it, as before', async () => {
    const photo = await jpegClaiming(4000, 3000);
    const { stream, decoded } = browserWithCamera(photo);
    const shot = await takeFullPhoto(stream, videoFrame);
    expect(shot.blob).toBe(photo);
    expect(shot.frame).not.toBeNull();
    expect(decoded).toHaveBeenCalledTimes(1);
  });
});
