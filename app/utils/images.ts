import { hrefWithQuery } from "~/utils/locale-path.ts";

/** Where the browser loads an uploaded image: through the portal's `/image` route. */
export function imageSrc(imageUrl: string | null | undefined): string | undefined {
  const id = imageUrl?.split("/").filter(Boolean).at(-1);
  return id ? hrefWithQuery("/image", { id }) : undefined;
}
