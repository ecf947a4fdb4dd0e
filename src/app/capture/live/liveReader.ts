// The live reading loop (issue 17): grabs the newest preview frame from the <video>, hands it to the recognition
// worker as a transferable (a VideoFrame where the browser has them, else an ImageBitmap) and waits for the reading
// before grabbing the next, so no queue ever builds up. Stops when asked (camera view closed), pauses while the
// page is hidden and while the battery is low and not charging (the only power-saving signal browsers report),
// and slows down when nothing changes (pacing.ts). No frame leaves the device: frames go to the page's own worker.
import type { PreviewOptions, PreviewReading } from '../../../worker/client.ts';
import { afterReading, initialPacing, nextRead, type PacingState } from './pacing.ts';

export type PauseReason = 'hidden' | 'battery' | null;

export interface LiveStats {
  /** Readings so far, and readings per second over the last 2 s. */
  reads: number;
  fps: number;
  /** Duration of the last reading, frame grab to answer (ms). */
  lastMs: number;
  paused: PauseReason;
}

export interface LiveReaderOptions {
  video: HTMLVideoElement;
  read: (frame: VideoFrame | ImageBitmap, options: PreviewOptions) => Promise<PreviewReading>;
  onReading: (reading: PreviewReading, stats: LiveStats) => void;
  /** Called when the pause state changes. */
  onPause?: (reason: PauseReason) => void;
  onError?: (error: unknown) => void;
  /** The shutter is holding a complete reading: read every frame, classified, at once. */
  holding?: () => boolean;
  /** Signature of a reading and whether its boxes moved, for the pacing (see liveHints.ts). */
  describe: (reading: PreviewReading) => { signature: string; moved: boolean };
}

interface BatteryLike extends EventTarget {
  charging: boolean;
  level: number;
}

/** Below this battery level, not charging, the live reading pauses. */
export const LOW_BATTERY = 0.15;

let videoFrameWorks = typeof VideoFrame === 'function';

async function grab(video: HTMLVideoElement): Promise<VideoFrame | ImageBitmap> {
  if (videoFrameWorks) {
    try {
      return new VideoFrame(video, { timestamp: Math.round(video.currentTime * 1e6) });
    } catch {
      videoFrameWorks = false; // e.g. a browser whose VideoFrame cannot wrap a video element
    }
  }
  return createImageBitmap(video);
}

export class LiveReader {
  private running = false;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pacing: PacingState = initialPacing(performance.now());
  private readonly times: number[] = [];
  private reads = 0;
  private lastMs = 0;
  private battery: BatteryLike | null = null;
  private pausedFor: PauseReason = null;
  private readonly onVisibility = () => this.checkPause();
  private readonly onBattery = () => this.checkPause();

  constructor(private readonly options: LiveReaderOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    const nav = navigator as Navigator & { getBattery?: () => Promise<BatteryLike> };
    nav.getBattery?.()
      .then((battery) => {
        if (!this.running) return;
        this.battery = battery;
        battery.addEventListener('levelchange', this.onBattery);
        battery.addEventListener('chargingchange', this.onBattery);
        this.checkPause();
      })
      .catch(() => undefined);
    this.checkPause();
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.battery?.removeEventListener('levelchange', this.onBattery);
    this.battery?.removeEventListener('chargingchange', this.onBattery);
    this.battery = null;
  }

  get paused(): PauseReason {
    return this.pausedFor;
  }

  private pauseReason(): PauseReason {
    if (document.visibilityState === 'hidden') return 'hidden';
    if (this.battery && !this.battery.charging && this.battery.level <= LOW_BATTERY) return 'battery';
    return null;
  }

  private checkPause() {
    const reason = this.pauseReason();
    if (reason !== this.pausedFor) {
      this.pausedFor = reason;
      this.options.onPause?.(reason);
    }
    if (!reason && this.running && !this.inFlight && this.timer === null) this.schedule(0);
  }

  private schedule(gapMs: number) {
    if (!this.running || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, gapMs);
  }

  private async tick() {
    if (!this.running || this.inFlight || this.pausedFor) return;
    const video = this.options.video;
    if (!video.videoWidth || video.readyState < 2) {
      this.schedule(100);
      return;
    }
    const plan = nextRead(this.pacing, performance.now(), { holding: this.options.holding?.() ?? false });
    this.inFlight = true;
    const t0 = performance.now();
    let frame: VideoFrame | ImageBitmap | null = null;
    try {
      frame = await grab(video);
      const reading = await this.options.read(frame, { classify: plan.classify });
      const at = performance.now();
      this.lastMs = at - t0;
      this.reads++;
      this.times.push(at);
      while (this.times.length && this.times[0]! < at - 2000) this.times.shift();
      const { signature, moved } = this.options.describe(reading);
      this.pacing = afterReading(this.pacing, { at, signature, classified: reading.classified, ms: this.lastMs, moved });
      if (this.running) this.options.onReading(reading, this.stats());
    } catch (error) {
      // A frame that could not be sent is released here (closing a transferred one does nothing); a browser that
      // cannot transfer VideoFrames falls back to ImageBitmaps.
      if (frame && typeof VideoFrame === 'function' && frame instanceof VideoFrame) videoFrameWorks = false;
      frame?.close();
      this.options.onError?.(error);
      this.inFlight = false;
      this.schedule(1000); // e.g. the model failed: try again later, never in a tight loop
      return;
    }
    this.inFlight = false;
    const next = nextRead(this.pacing, performance.now(), { holding: this.options.holding?.() ?? false });
    this.schedule(next.gapMs);
  }

  stats(): LiveStats {
    const span = this.times.length > 1 ? this.times[this.times.length - 1]! - this.times[0]! : 0;
    const fps = span > 0 ? ((this.times.length - 1) * 1000) / span : 0;
    return { reads: this.reads, fps, lastMs: this.lastMs, paused: this.pausedFor };
  }
}
