/** Image upload (png, jpeg or gif by content, at most 2 MB) and serving the uploaded images. */
import {
  cbaEndpoints as ep,
  IMAGE_MAX_BYTES,
  type ImageMime,
  sniffImage,
} from "../../app/contract/cba.ts";
import { ApiCode } from "../../app/contract/envelope.ts";
import { nowSeconds } from "../clock.ts";
import { db, type UserRow } from "../db.ts";
import { ApiError } from "../errors.ts";
import { t } from "../i18n.ts";
import { envelope, route, signedIn } from "../route.ts";
import { companyIdOf, companyScope } from "../scope.ts";
import { randomId } from "../security.ts";

/**
 * Reads an uploaded image as a stream, checking while it reads: the first
 * bytes must be a png, jpeg or gif, and reading stops at the first byte
 * beyond the size limit, whatever size the form declared.
 */
async function readImage(file: Blob): Promise<{ bytes: Uint8Array<ArrayBuffer>; mime: ImageMime }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let mime: ImageMime | null = null;
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > IMAGE_MAX_BYTES) throw new ApiError(ApiCode.invalidParameters, "imageTooLarge");
      chunks.push(value);
      if (mime === null && size >= 8) {
        mime = sniffImage(concat(chunks, size));
        if (!mime) throw new ApiError(ApiCode.invalidParameters, "imageType");
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = concat(chunks, size);
  mime ??= sniffImage(bytes);
  if (!mime) throw new ApiError(ApiCode.invalidParameters, "imageType");
  return { bytes, mime };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The id of an image URL answered by the upload (`.../upload/image/<id>`), or null. */
export function imageIdOf(url: string): string | null {
  return /\/upload\/image\/([0-9a-zA-Z]+)$/.exec(url.trim())?.[1] ?? null;
}

/**
 * Licences and ID cards are a company's data (mocks/scope.ts): its uploader
 * sees an image, and so does whoever sees the uploader's company (its
 * accounts, the platform reviewing it). To anyone else it does not exist.
 */
function maySee(user: UserRow, uploaderId: string): boolean {
  if (user.id === uploaderId) return true;
  const uploader = db.users.get(uploaderId);
  return uploader !== undefined && companyScope(user).allows(companyIdOf(uploader));
}

export const uploadHandlers = [
  ...route(ep.uploadImage, async (ctx) => {
    const { user } = signedIn(ctx);
    const file = ctx.form?.get("image");
    if (!file || typeof file === "string" || file.size === 0) {
      throw new ApiError(ApiCode.invalidParameters, "imageMissing");
    }
    if (file.size > IMAGE_MAX_BYTES) throw new ApiError(ApiCode.invalidParameters, "imageTooLarge");
    const { bytes, mime } = await readImage(file);
    const id = randomId(16);
    await db.images.insert({ id, userId: user.id, mime, bytes, createdOn: nowSeconds() });
    return { image_url: `${ctx.apiBase}/upload/image/${id}`, id };
  }),

  ...route(ep.image, (ctx) => {
    const { params, lang } = ctx;
    const image = db.images.get(params.id);
    if (!image || !maySee(signedIn(ctx).user, image.userId)) {
      const message = t(lang, "imageNotFound");
      return envelope(ApiCode.notFound, message, message, 404);
    }
    return new Response(image.bytes.slice(), {
      headers: {
        "content-type": image.mime,
        "content-length": String(image.bytes.length),
        "cache-control": "private, max-age=86400, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  }),
];
