// The automatic shutter's photo (issue 17): at the camera's full resolution through ImageCapture.takePhoto()
// where the browser has it (Chrome on Android and desktop) and the camera's photos are larger than its video
// frames, else (or when it fails or takes too long) the video frame, as the shutter button takes it.
import { needsWorkingCopy } from '../../../worker/image-input.ts';

export const TAKE_PHOTO_TIMEOUT_MS = 1500;

export interface Shot {
  blob: Blob;
  /** The photo decoded; null for one too large to decode whole here (the capture session reads its working copy). */
  frame: ImageBitmap | null;
  /** 'image-capture' or 'video-frame'. */
  via: 'image-capture' | 'video-frame';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no photo after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export async function takeFullPhoto(stream: MediaStream | null, videoFrame: () => Promise<{ blob: Blob; frame: ImageBitmap }>): Promise<Shot> {
  const track = stream?.getVideoTracks()[0];
  if (track && track.readyState === 'live' && typeof ImageCapture === 'function') {
    try {
      const capture = new ImageCapture(track);
      // A photo no larger than the video frames (a laptop camera, Chromium's fake camera) adds nothing but the
      // time to encode it (0.7-0.9 s for 1280×720 here): the video frame is then the full resolution.
      const caps = await withTimeout(capture.getPhotoCapabilities(), TAKE_PHOTO_TIMEOUT_MS);
      const videoWidth = Math.max(track.getSettings().width ?? 0, track.getSettings().height ?? 0);
      const photoWidth = Math.max(caps.imageWidth?.max ?? 0, caps.imageHeight?.max ?? 0);
      if (photoWidth <= videoWidth) return { ...(await videoFrame()), via: 'video-frame' };
      const blob = await withTimeout(capture.takePhoto({ imageWidth: caps.imageWidth?.max, imageHeight: caps.imageHeight?.max }), TAKE_PHOTO_TIMEOUT_MS);
      // a 50-200 MP sensor's photo is not decoded whole just to be checked (src/worker/image-input.ts workingCopy)
      if (await needsWorkingCopy(blob)) return { blob, frame: null, via: 'image-capture' };
      const frame = await createImageBitmap(blob, { imageOrientation: 'from-image' });
      if (frame.width > 0 && frame.height > 0) return { blob, frame, via: 'image-capture' };
      frame.close();
    } catch {
      /* the video frame below */
    }
  }
  return { ...(await videoFrame()), via: 'video-frame' };
}
