import { z } from 'zod';

const text = z.string().transform((value) => value.trim() || null);

export const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  handle: z
    .string()
    .refine((value) => value === '' || (value.length >= 3 && value.length <= 30), 'Handle must be 3-30 characters')
    .transform((value) => value || null),
  title: text,
  bio: text,
  company: text,
  location: text,
  timezone: z.string().min(1),
  website: text,
  linkedin: text,
  twitter: text,
  instagram: text,
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** docs/product/validation.md (profile image): the toast to show, or null when the file is acceptable. */
export function imageProblem(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please select an image file' };
  if (file.size > MAX_IMAGE_BYTES) return { title: 'File too large', description: 'Please select an image smaller than 5MB' };
  return null;
}
