// Real images for tests: the Storage service checks that a file sent as an image is one.
import sharp from 'sharp';

/** A solid-colour image of the given size, encoded as `format`. */
export function image(format: 'png' | 'jpeg' | 'webp', width = 1, height = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).toFormat(format).toBuffer();
}
