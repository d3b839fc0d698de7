// Storage's image transformation (`/render/image/...`), done with sharp where hosted Storage asks
// imgproxy: the same query options, limits, defaults and `X-Transformations` header.
import sharp from 'sharp';
import { ERRORS } from './errors.ts';

export interface Transform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'avif' | 'webp';
}

/** Storage's default size limits (IMAGE_TRANSFORMATION_LIMIT_MIN_SIZE / _MAX_SIZE). */
const SIZE = { min: 1, max: 2000 };
/** imgproxy's default quality when none is asked for. */
const DEFAULT_QUALITY = 80;

const RESIZES = new Set(['cover', 'contain', 'fill']);
const FORMATS = new Set(['origin', 'avif', 'webp']);

function integer(name: string, raw: string, min: number, max = Number.POSITIVE_INFINITY): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw ERRORS.invalidRequest(`querystring/${name} must be ${Number.isFinite(max) ? `between ${min} and ${max}` : `>= ${min}`}`);
  }
  return n;
}

/** The transformation a `/render/image` query asks for, validated like Storage's schema. */
export function transformOptionsOf(query: URLSearchParams): Transform {
  const t: Transform = {};
  const width = query.get('width');
  const height = query.get('height');
  const quality = query.get('quality');
  const resize = query.get('resize');
  const format = query.get('format');
  if (width) t.width = integer('width', width, 0);
  if (height) t.height = integer('height', height, 0);
  if (quality) t.quality = integer('quality', quality, 20, 100);
  if (resize) {
    if (!RESIZES.has(resize)) throw ERRORS.invalidRequest('querystring/resize must be equal to one of the allowed values');
    t.resize = resize as Transform['resize'];
  }
  if (format) {
    if (!FORMATS.has(format)) throw ERRORS.invalidRequest('querystring/format must be equal to one of the allowed values');
    t.format = format as Transform['format'];
  }
  return t;
}

const clamp = (n: number) => Math.min(Math.max(n, SIZE.min), SIZE.max);

/** imgproxy's names for Storage's resize modes. */
const RESIZING_TYPE = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/** What Storage reports in `X-Transformations` (the imgproxy options it applied). */
export function transformationSegments(t: Transform): string[] {
  const out: string[] = [];
  if (t.height) out.push(`height:${clamp(t.height)}`);
  if (t.width) out.push(`width:${clamp(t.width)}`);
  if (t.width || t.height) out.push(`resizing_type:${RESIZING_TYPE[t.resize ?? 'cover']}`);
  if (t.quality) out.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') out.push(`format:${t.format}`);
  return out;
}

/** The transformation a signed URL carries in its token (Storage's `transformations` claim). */
export function signedTransformations(t: Transform): string {
  const out: string[] = [];
  if (t.height) out.push(`height:${t.height}`);
  if (t.width) out.push(`width:${t.width}`);
  if (t.width || t.height) out.push(`resize:${t.resize ?? ''}`);
  if (t.quality) out.push(`quality:${t.quality}`);
  if (t.format) out.push(`format:${t.format}`);
  return out.join(',');
}

/** Reads a signed URL's `transformations` claim back; unknown or empty parts are ignored, as in Storage. */
export function parseTransformations(claim: string): Transform {
  const query = new URLSearchParams();
  for (const part of claim.split(',')) {
    const [name, value] = part.split(':');
    if (value && ['width', 'height', 'quality', 'resize', 'format'].includes(name)) query.set(name, value);
  }
  return transformOptionsOf(query);
}

/** The body's `transform` of a sign request, validated like a render query. */
export function transformOfBody(body: unknown): Transform | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) query.set(k, String(v));
  const t = transformOptionsOf(query);
  return Object.keys(t).length ? t : undefined;
}

/** The format a source is written back in when kept (AVIF reads as HEIF); others become PNG. */
const ORIGIN_OUTPUT: Record<string, 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'> = {
  jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', heif: 'avif',
};

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

/**
 * Resizes and re-encodes an image. Without an explicit format, a client that accepts WebP gets
 * WebP (imgproxy's WebP detection, on in the CLI's stack); `format=origin` keeps the source format.
 */
export async function renderImage(bytes: Buffer, t: Transform, accept: string | undefined): Promise<{ bytes: Buffer; mimetype: string }> {
  try {
    let image = sharp(bytes, { failOn: 'error' }).rotate();
    if (t.width || t.height) {
      image = image.resize({
        width: t.width ? clamp(t.width) : undefined,
        height: t.height ? clamp(t.height) : undefined,
        fit: FIT[t.resize ?? 'cover'],
        withoutEnlargement: true,
      });
    }
    const format =
      t.format === 'avif' || t.format === 'webp'
        ? t.format
        : t.format !== 'origin' && accept?.includes('image/webp')
          ? 'webp'
          : ORIGIN_OUTPUT[(await sharp(bytes).metadata()).format] ?? 'png';
    const out = await image.toFormat(format, { quality: t.quality ?? DEFAULT_QUALITY }).toBuffer();
    return { bytes: out, mimetype: format === 'jpeg' ? 'image/jpeg' : `image/${format}` };
  } catch {
    throw ERRORS.imageProcessing('The source image is invalid or unsupported for rendering');
  }
}
