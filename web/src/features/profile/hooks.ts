// The profile: the handle check, saving it through supabase-js (RLS), and avatar uploads to Storage.
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orThrow, supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { useIntl } from 'react-intl';
import { refusalWords } from '../../i18n/ruleWords.ts';
import { useSay } from '../../i18n/useSay.ts';
import type { ProfileUpdate } from '../../lib/types.ts';
import { currentUserKey, useCurrentUser } from '../../lib/session.ts';

export type HandleStatus = 'idle' | 'checking' | 'available' | 'unavailable' | 'error';

/**
 * docs/product/validation.md: checked only after a 500 ms pause, only for 3+ characters that differ from the
 * current handle. A failed check marks the handle unavailable ('error').
 */
export function useHandleCheck(handle: string, currentHandle: string | null | undefined): { status: HandleStatus; message: string } {
  // The answer is kept with the handle it is for: any other handle is still being checked.
  const [checked, setChecked] = useState<{ handle: string; status: HandleStatus; message: string } | null>(null);
  const say = useSay();
  const idle = handle.length < 3 || handle === (currentHandle ?? '');
  useEffect(() => {
    if (idle) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      const { data, error } = await supabase.rpc('check_handle', { p_handle: handle });
      if (cancelled) return;
      if (error) setChecked({ handle, status: 'error', message: say('profile.handleCheckFailed') });
      else {
        // Said by its reason (check_handle's code), in the page's language.
        const result = data as { available: boolean; reason: 'format' | 'reserved' | 'free' | 'yours' | 'taken' };
        setChecked({ handle, status: result.available ? 'available' : 'unavailable', message: say(`profile.handle.${result.reason}`) });
      }
    }, 500);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [handle, idle, say]);
  if (idle) return { status: 'idle', message: '' };
  if (checked?.handle === handle) return { status: checked.status, message: checked.message };
  return { status: 'checking', message: say('profile.handleChecking') };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: async ({ changes }: { changes: ProfileUpdate; silent?: boolean }) => {
      unwrap(await supabase.from('profiles').update(changes).eq('id', user!.id).select('id').single());
    },
    onSuccess: (_data, { silent }) => {
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: ['social', 'profiles'] });
      if (!silent) notify(intl.formatMessage({ id: 'profile.toast.updated' }), intl.formatMessage({ id: 'profile.toast.saved' }));
    },
    onError: (error: Error) =>
      notifyError(intl.formatMessage({ id: 'bookings.toast.error' }), intl.formatMessage({ id: 'profile.toast.failed' }, { reason: refusalWords(intl, error) ?? '' })),
  });
}

/** Upload to Storage bucket 'avatars' under the user's own folder, then save the public URL on the profile. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const say = useSay();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const extension = file.name.split('.').pop()?.toLowerCase() || 'png';
      const path = `${user!.id}/avatar-${Date.now()}.${extension}`;
      orThrow(await supabase.storage.from('avatars').upload(path, file, { upsert: true, contentType: file.type }));
      const url = supabase.storage.from('avatars').getPublicUrl(path).data.publicUrl;
      unwrap(await supabase.from('profiles').update({ profile_image_url: url }).eq('id', user!.id).select('id').single());
      return url;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      notify(say('profile.toast.picture'));
    },
    onError: () => notifyError(say('profile.toast.uploadFailed'), say('profile.toast.uploadFailedText')),
  });
}
