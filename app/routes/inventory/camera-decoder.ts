/**
 * Reads Code 128 and QR codes from a camera's video, frame by frame: with
 * the browser's BarcodeDetector where it has one for both, else with the
 * zxing decoder, fetched only now (never with the page).
 */

/** The number a frame shows, or null when it shows none. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

const FORMATS = ["code_128", "qr_code"];

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  if (!FORMATS.every((format) => supported.includes(format))) return null;
  const detector = new Detector({ formats: FORMATS });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function zxingReader(): Promise<FrameReader> {
  const zxing = await import("@zxing/library");
  // One reader a format: a reader that fails on a frame is passed by quietly.
  const readers = [new zxing.Code128Reader(), new zxing.QRCodeReader()];
  const hints: Parameters<(typeof readers)[number]["decode"]>[1] = new Map();
  hints.set(zxing.DecodeHintType.TRY_HARDER, true);
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || width === 0 || height === 0) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    const luminance = new Uint8ClampedArray(width * height);
    for (let pixel = 0; pixel < luminance.length; pixel++) {
      const at = pixel * 4;
      luminance[pixel] = (data[at]! * 299 + data[at + 1]! * 587 + data[at + 2]! * 114) / 1000;
    }
    const source = new zxing.RGBLuminanceSource(luminance, width, height);
    const bitmap = new zxing.BinaryBitmap(new zxing.HybridBinarizer(source));
    for (const reader of readers) {
      try {
        return reader.decode(bitmap, hints).getText();
      } catch {
        // A frame without a readable code is the rule, not a failure.
      }
    }
    return null;
  };
}

export async function frameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? (await zxingReader());
}
