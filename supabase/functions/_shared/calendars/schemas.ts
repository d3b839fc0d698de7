// Request bodies of the `calendars` function, shared with the web's connect forms.
import { z } from 'zod';

const label = z.string().trim().max(200, 'Must be at most 200 characters').optional();
const address = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000, 'This address is too long');

export const caldavConnectionSchema = z.object({
  provider: z.literal('caldav'),
  serverUrl: address('Please enter the CalDAV server address'),
  username: z.string({ error: 'Please enter your user name' }).trim().min(1, 'Please enter your user name').max(320),
  password: z.string({ error: 'Please enter the app password' }).min(1, 'Please enter the app password').max(1000),
  label,
});

export const feedConnectionSchema = z.object({
  provider: z.literal('ics'),
  url: address('Please enter the calendar address'),
  label,
});

export const connectionSchema = z.discriminatedUnion('provider', [caldavConnectionSchema, feedConnectionSchema]);
export type ConnectionInput = z.infer<typeof connectionSchema>;

export const googleStartSchema = z.object({ redirectUri: z.string().url() });
export const googleConnectSchema = z.object({ code: z.string().min(1), state: z.string().min(1), redirectUri: z.string().url() });
