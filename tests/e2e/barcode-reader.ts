import zxing from "@zxing/library";
import { PNG } from "pngjs";

const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader } = zxing;
const { RGBLuminanceSource } = zxing;

/** Reads the Code 128 or QR code of a grey image (one byte a pixel, row by row), as a scanner does. */
export function readLuminance(luminance: Uint8ClampedArray, width: number, height: number): string {
  const reader = new MultiFormatReader();
  const hints = new Map();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]);
  hints.set(DecodeHintType.TRY_HARDER, true);
  reader.setHints(hints);
  const source = new RGBLuminanceSource(luminance, width, height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

/** Reads the Code 128 or QR code of a PNG (a screenshot of a printed label) from its pixels alone. */
export function readBarcode(png: Buffer): string {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let pixel = 0; pixel < luminance.length; pixel++) {
    const [r = 255, g = 255, b = 255] = image.data.subarray(pixel * 4, pixel * 4 + 3);
    luminance[pixel] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return readLuminance(luminance, image.width, image.height);
}
