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
  website: true,
  linkedin: true,
  twitter: true,
  instagram: true,
});
export type ProfileInput = z.input<typeof profileSchema>;
export const PROFILE_FIELDS = Object.keys(profileSchema.shape) as (keyof ProfileInput)[];
export type ProfileValues = z.output<typeof profileSchema>;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** docs/product/validation.md (profile image): the toast to show, or null when the file is acceptable. */
export function imageProblem(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please select an image file' };
  if (file.size > MAX_IMAGE_BYTES) return { title: 'File too large', description: 'Please select an image smaller than 5MB' };
  return null;
}
