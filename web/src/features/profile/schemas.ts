// The profile form: the shared profile fields it edits, and the image checks before an upload.
import type { z } from 'zod';
import { profileFieldsSchema } from '../../lib/shared.ts';

export const profileSchema = profileFieldsSchema.pick({
  firstName: true,
  lastName: true,
  handle: true,
  title: true,
  bio: true,
  company: true,
  location: true,
  timezone: true,
  locale: true,
  website: true,
  linkedin: true,
  twitter: true,
  instagram: true,
});
export type ProfileInput = z.input<typeof profileSchema>;
export const PROFILE_FIELDS = Object.keys(profileSchema.shape) as (keyof ProfileInput)[];

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

// The first bytes of the raster images Storage takes (it checks the bytes too): PNG, JPEG, GIF,
// WebP, AVIF/HEIC (an ISO box "ftyp"), BMP.
const SIGNATURES: { at: number; bytes: number[] }[][] = [
  [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47] }],
  [{ at: 0, bytes: [0xff, 0xd8, 0xff] }],
  [{ at: 0, bytes: [0x47, 0x49, 0x46, 0x38] }],
  [{ at: 0, bytes: [0x52, 0x49, 0x46, 0x46] }, { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] }],
  [{ at: 4, bytes: [0x66, 0x74, 0x79, 0x70] }],
  [{ at: 0, bytes: [0x42, 0x4d] }],
];

/** The file's first `length` bytes (FileReader: every browser has it, and so does the test DOM). */
function firstBytes(file: File, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

async function looksLikeImage(file: File): Promise<boolean> {
  const head = await firstBytes(file, 12);
  return SIGNATURES.some((parts) => parts.every(({ at, bytes }) => bytes.every((byte, index) => head[at + index] === byte)));
}

type Toast = { title: string; description: string };

/** How each image problem is said: a file of another type, a file too large, a file named as an image that is not one. */
export interface ImageWords {
  notImage: Toast;
  tooLarge: Toast;
  disguised: (name: string) => Toast;
}

const ENGLISH: ImageWords = {
  notImage: { title: 'Invalid file type', description: 'Please select an image file' },
  tooLarge: { title: 'File too large', description: 'Please select an image smaller than 5MB' },
  disguised: (name) => ({ title: 'Invalid file type', description: `${name} is not an image, whatever its name says. Please select an image file` }),
};

/**
 * docs/product/validation.md (profile image): the toast to show (in `words`), or null when the file is
 * acceptable. The file's bytes decide, not its name: a text file renamed .png says it is not an image.
 */
export async function imageProblem(file: File, words: ImageWords = ENGLISH): Promise<Toast | null> {
  if (!file.type.startsWith('image/')) return words.notImage;
  if (file.size > MAX_IMAGE_BYTES) return words.tooLarge;
  if (!(await looksLikeImage(file))) return words.disguised(file.name);
  return null;
}

