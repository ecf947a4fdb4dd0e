// HEIC / HEIF photos (an iPhone's own format) decoded with libheif, in its WebAssembly build (the libheif-js package,
// LGPL-3.0), where the platform's decoder cannot: sharp's prebuilt libvips carries no HEVC decoder, and neither does
// Chromium. Loaded only when such a photo comes (about 2 MB of JavaScript with the WebAssembly inside), shared by
// the command line (nodeImage.ts) and the worker. The photo's size is checked before any pixel is decoded.
import { checkImageDimensions, RecognitionError } from './errors.ts';

/** A decoded photo: RGBA, the rows of its displayed (turned) picture. */
export interface DecodedRgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The part of libheif-js's API used here (libheif-js/libheif-wasm/libheif.d.ts has the rest). */
interface HeifImage {
  is_primary(): boolean;
  get_width(): number;
  get_height(): number;
  display(target: DecodedRgba, done: (decoded: DecodedRgba | null) => void): void;
  free(): void;
}
interface Libheif {
  ready?: Promise<unknown>;
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[]; decoder: { delete(): void } };
}

let libheif: Promise<Libheif> | null = null;

function loadLibheif(): Promise<Libheif> {
  libheif ??= import('libheif-js/wasm-bundle.js').then((m: { default?: unknown }) => (m.default ?? m) as Libheif);
  libheif.catch(() => (libheif = null));
  return libheif;
}

/**
 * Decodes the primary picture of a HEIC / HEIF file, with its rotation and mirroring applied (libheif's
 * default), refusing one larger than `maxPixels` before decoding it. `name` names the photo in messages.
 */
export async function decodeHeic(bytes: Uint8Array, name: string, maxPixels: number): Promise<DecodedRgba> {
  let lib: Libheif;
  try {
    lib = await loadLibheif();
    await lib.ready;
  } catch (e) {
    throw new RecognitionError('IMAGE_DECODE_FAILED', `${name} is a HEIC photo and the HEIC decoder could not be loaded (${e instanceof Error ? e.message : String(e)}). Save it as JPEG and try again.`, { cause: e });
  }
  // libheif-js says why a file fails with console.log, also from the timer display() decodes in: on the command
  // line that is stdout, the reading's own output, so console.log is silenced until the decode is done (the failure
  // is reported as an error instead)
  const log = console.log;
  console.log = () => undefined;
  const decoder = new lib.HeifDecoder();
  let images: HeifImage[] = [];
  try {
    try {
      images = decoder.decode(bytes);
    } catch (e) {
      // libheif refusing the file's structure: a damaged or cut file, never a reason to stop reading other photos
      throw new RecognitionError('TRUNCATED_IMAGE', `${name} cannot be read as a HEIC photo (${e instanceof Error ? e.message : String(e)}): it is damaged or cut short. Copy or take the photo again.`, { cause: e });
    }
    // the file's primary picture (a phone's photo has one top-level picture; its thumbnails and depth or gain maps
    // are not top-level), else the first
    const picture = images.find((image) => image.is_primary()) ?? images[0];
    if (!picture) throw new RecognitionError('TRUNCATED_IMAGE', `${name} holds no picture libheif can read: it is damaged or cut short. Copy or take the photo again.`);
    const width = picture.get_width();
    const height = picture.get_height();
    checkImageDimensions(width, height, maxPixels);
    const decoded = await new Promise<DecodedRgba | null>((resolve) => picture.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, resolve));
    if (!decoded) throw new RecognitionError('TRUNCATED_IMAGE', `${name} could not be decoded: its HEVC data is damaged or cut short. Copy or take the photo again.`);
    return { data: decoded.data, width, height };
  } finally {
    console.log = log;
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
}
