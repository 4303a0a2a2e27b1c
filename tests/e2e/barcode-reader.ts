import zxing from "@zxing/library";
import { PNG } from "pngjs";

const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader } = zxing;
const { RGBLuminanceSource } = zxing;

/**
 * Reads the Code 128 or QR code of an image (a PNG, such as a screenshot of a
 * printed label) the way a scanner does: from its pixels alone.
 */
export function readBarcode(png: Buffer): string {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let pixel = 0; pixel < luminance.length; pixel++) {
    const [r, g, b] = [0, 1, 2].map((channel) => image.data[pixel * 4 + channel] ?? 255);
    luminance[pixel] = Math.round(0.299 * r! + 0.587 * g! + 0.114 * b!);
  }
  const reader = new MultiFormatReader();
  const hints = new Map();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]);
  hints.set(DecodeHintType.TRY_HARDER, true);
  reader.setHints(hints);
  const source = new RGBLuminanceSource(luminance, image.width, image.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}
