// Live camera preview with a guide for the row of tiles and a shutter. Rear camera preferred (`ideal`, so
// a laptop's only camera still works). The shot is the full video frame: an ImageBitmap for the recogniser
// (transferred to the worker) and a JPEG blob for display and the data set.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStrings } from '../i18n/index.ts';
import { scrollBehavior } from '../motion.ts';
import { tables } from './strings.ts';
import { LiveLayer } from './live/LiveLayer.tsx';
import { takeFullPhoto } from './live/fullPhoto.ts';
import { setLiveDora } from './live/pendingDora.ts';

export type CameraErrorCode = 'camera-denied' | 'camera-absent' | 'camera-busy' | 'camera-insecure';

export interface CameraPanelProps {
  /** `frame`: the photo decoded, or null for one too large to decode whole (see live/fullPhoto.ts). */
  onShot: (blob: Blob, frame: ImageBitmap | null) => void;
  onError: (code: CameraErrorCode, message: string) => void;
  disabled?: boolean;
}

export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 2560 }, height: { ideal: 1440 } },
};

export function cameraErrorCode(error: unknown): CameraErrorCode {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'camera-denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'camera-absent';
  return 'camera-busy';
}

async function grabFrame(video: HTMLVideoElement): Promise<{ blob: Blob; frame: ImageBitmap }> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  const frame = await createImageBitmap(video);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(frame, 0, 0);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('could not encode the frame'))), 'image/jpeg', 0.92),
  );
  return { blob, frame };
}

export function CameraPanel({ onShot, onError, disabled }: CameraPanelProps) {
  const s = useStrings(tables);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [status, setStatus] = useState<'off' | 'starting' | 'on'>('off');
  const [liveSlot, setLiveSlot] = useState<HTMLDivElement | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStatus('off');
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      onError(window.isSecureContext ? 'camera-absent' : 'camera-insecure', 'navigator.mediaDevices.getUserMedia is not available');
      return;
    }
    setStatus('starting');
    try {
      performance.mark('riichi-lens:camera-open');
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setStatus('on');
    } catch (error) {
      setStatus('off');
      onError(cameraErrorCode(error), error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }, [onError]);

  // Start at once when the camera is already allowed; never prompt without a tap.
  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'camera' as PermissionName })
      .then((p) => {
        if (!cancelled && p.state === 'granted') void start();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [start]);

  useEffect(() => stop, [stop]);

  // Once the picture runs, the viewfinder comes wholly into view, and the shutter beside or below it: in landscape on
  // a phone the header above them left the shutter, or the top of the picture, off the screen.
  const viewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === 'on') viewRef.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }, [status]);

  const shoot = async () => {
    const video = videoRef.current;
    if (!video || status !== 'on' || !video.videoWidth) return;
    try {
      const { blob, frame } = await grabFrame(video);
      onShot(blob, frame);
    } catch (error) {
      onError('camera-busy', error instanceof Error ? error.message : String(error));
    }
  };

  // Issue 17: the automatic shutter, at full resolution where the camera allows.
  const autoShoot = useCallback(async () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) throw new Error('the camera is not running');
    const shot = await takeFullPhoto(streamRef.current, () => grabFrame(video));
    onShot(shot.blob, shot.frame);
  }, [onShot]);

  return (
    <div className="camera" data-testid="camera" data-status={status}>
      <div className="camera-view" hidden={status === 'off'} ref={viewRef}>
        <video ref={videoRef} playsInline muted autoPlay aria-label={s.guide} />
        <div className="camera-guide" aria-hidden="true">
          <span>{s.guide}</span>
        </div>
        {status === 'on' && !disabled && <LiveLayer videoRef={videoRef} onAutoShot={autoShoot} onDoraIndicators={setLiveDora} controlsIn={liveSlot} />}
      </div>
      <div className="camera-controls">
        {status === 'on' ? (
          <>
            <button key="shutter" type="button" className="shutter" onClick={shoot} disabled={disabled} aria-label={s.shutter} data-testid="shutter">
              <span aria-hidden="true" />
            </button>
            <button key="stop" type="button" onClick={stop}>
              {s.stopCamera}
            </button>
          </>
        ) : (
          <button key="start" type="button" className="primary" onClick={() => void start()} disabled={status === 'starting'} data-testid="start-camera">
            {s.startCamera}
          </button>
        )}
      </div>
      <div ref={setLiveSlot} className="live-slot" />
    </div>
  );
}
