// What an uploaded file really is, told by its bytes (file-type), not by the type the client claims.
// Hosted Storage trusts the claimed type; this server also refuses a file claimed as an image whose
// bytes are not one of the raster images file-type recognises (an HTML page or an SVG sent as
// image/png), so nothing a browser would run is stored under an image type by accident.
import { fileTypeFromBuffer } from 'file-type';
import { ERRORS } from './errors.ts';

/** The `type/subtype` of a content type, lower-cased, without parameters. */
export function essence(mimetype: string): string {
  return mimetype.split(';')[0].trim().toLowerCase();
}

/**
 * Image types a browser may render as a document with script (SVG) are not raster images; every
 * other `image/*` type file-type detects is one.
 */
const SCRIPTABLE_IMAGES = new Set(['image/svg+xml']);

/** The raster image type the bytes are, or undefined when they are not one. */
export async function rasterImageType(bytes: Uint8Array): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  return mime?.startsWith('image/') && !SCRIPTABLE_IMAGES.has(mime) ? mime : undefined;
}

/**
 * An upload claimed as an image must be a raster image. The detected kind may differ from the
 * claimed one (a JPEG sent as image/png is still an image, and hosted Storage accepts it); text,
 * markup and unknown bytes never pass as an image. SVG (text that file-type cannot tell from any
 * other XML) is taken only by a bucket that names `image/svg+xml` itself, not by `image/*`.
 */
export async function checkContent(mimetype: string, bytes: Uint8Array, allowedTypes: string[] | null): Promise<void> {
  const claimed = essence(mimetype);
  if (!claimed.startsWith('image/')) return;
  if (SCRIPTABLE_IMAGES.has(claimed) && allowedTypes?.some((t) => essence(t) === claimed)) return;
  if (SCRIPTABLE_IMAGES.has(claimed) || !(await rasterImageType(bytes))) throw ERRORS.contentMismatch(claimed);
}
