// The signed-in user's own profile: PUT /api/profile and the avatar upload.
import { fileTypeFromBuffer } from 'file-type';
import { profileColumns } from '../../_shared/rules/profiles.ts';
import { profileUpdateSchema } from '../../_shared/rules/schemas.ts';
import type { DbError } from '../../_shared/db/errors.ts';
import { invalid } from '../../_shared/rules/errors.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';
import { json } from '../../_shared/http/errors.ts';
import type { Router } from '../../_shared/http/router.ts';
import { camelize, OWN_PROFILE_COLUMNS } from '../../_shared/db/shapes.ts';
import { callerAndBody, rows, type Row } from '../access.ts';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = ruleMessage('fileTooLarge');
const NOT_AN_IMAGE = ruleMessage('notAnImage');

/**
 * Raster image types the avatars bucket takes (the list in config.toml), told by the file's bytes
 * (file-type), not by the client's content type. SVG is left out: it can carry script.
 */
const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** Check violations on the handle, in the words of the profile form. */
function profileError(error: DbError): DbError {
  if (error.code === '23514' && error.message.includes('handle_not_reserved')) return { ...error, code: 'P0001', message: 'This handle is reserved' };
  if (error.code === '23514' && error.message.includes('handle_format')) return { ...error, code: 'P0001', message: 'Handle must be 3-30 characters' };
  return error;
}

export function profileRoutes(router: Router) {
  router.put('/api/profile', async (ctx) => {
    const { caller, input } = await callerAndBody(ctx, profileUpdateSchema);
    const changes = profileColumns(input);
    const query = Object.keys(changes).length
      ? caller.db.from('profiles').update(changes).eq('id', caller.id).select(OWN_PROFILE_COLUMNS).single()
      : caller.db.from('profiles').select(OWN_PROFILE_COLUMNS).eq('id', caller.id).single();
    const result = await query;
    const row = rows<Row>({ data: result.data, error: result.error ? profileError(result.error) : null });
    return json({ ...camelize<Row>(row), isEmailVerified: Boolean(caller.user.email_confirmed_at) });
  });

  router.post('/api/profile/upload-image', async (ctx) => {
    const caller = await ctx.requireCaller();
    // Refuse an oversized upload before reading it (multipart adds a little around the file).
    if (Number(ctx.req.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES + 64 * 1024) throw invalid(TOO_LARGE);
    let form: FormData;
    try {
      form = await ctx.req.formData();
    } catch {
      throw invalid(ruleMessage('multipartImage'));
    }
    const file = form.get('profileImage');
    if (!(file instanceof File)) throw invalid(ruleMessage('multipartImage'));
    if (file.size > MAX_IMAGE_BYTES) throw invalid(TOO_LARGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = await fileTypeFromBuffer(bytes);
    if (!kind || !AVATAR_TYPES.has(kind.mime) || !file.type.startsWith('image/')) throw invalid(NOT_AN_IMAGE);

    const path = `${caller.id}/avatar-${Date.now()}.${kind.ext}`;
    const bucket = caller.db.storage.from('avatars');
    const upload = await bucket.upload(path, bytes, { contentType: kind.mime, upsert: true });
    if (upload.error) throw new Error(`avatar upload failed: ${upload.error.message}`);
    const profileImageUrl = bucket.getPublicUrl(path).data.publicUrl;
    rows(await caller.db.from('profiles').update({ profile_image_url: profileImageUrl }).eq('id', caller.id).select('id').single());
    return json({ profileImageUrl });
  });
}
