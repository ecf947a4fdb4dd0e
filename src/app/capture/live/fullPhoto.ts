// The automatic shutter's photo (issue 17): at the camera's full resolution through ImageCapture.takePhoto()
// where the browser has it (Chrome on Android and desktop), else (or when it fails or takes too long) the video
// frame, as the shutter button takes it.
export const TAKE_PHOTO_TIMEOUT_MS = 1500;

export interface Shot {
  blob: Blob;
  frame: ImageBitmap;
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
      const blob = await withTimeout(new ImageCapture(track).takePhoto(), TAKE_PHOTO_TIMEOUT_MS);
      const frame = await createImageBitmap(blob, { imageOrientation: 'from-image' });
      if (frame.width > 0 && frame.height > 0) return { blob, frame, via: 'image-capture' };
      frame.close();
    } catch {
      /* the video frame below */
    }
  }
  return { ...(await videoFrame()), via: 'video-frame' };
}
