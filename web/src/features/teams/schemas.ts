// The team forms: the shared schemas and their input and output types.
import type { z } from 'zod';
import { inviteSchema, teamCreateSchema, teamSettingsSchema } from '../../lib/shared.ts';

// The docs/product/validation.md team forms, shared with the functions.
export { inviteSchema, teamCreateSchema, teamSettingsSchema };
export type TeamCreateInput = z.input<typeof teamCreateSchema>;
export type TeamCreateValues = z.output<typeof teamCreateSchema>;
export type TeamSettingsValues = z.output<typeof teamSettingsSchema>;
export type InviteInput = z.input<typeof inviteSchema>;
export type InviteValues = z.output<typeof inviteSchema>;
