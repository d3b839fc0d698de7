// /profile: visibility, the profile itself (name, handle, avatar, time zone, language) and two-factor authentication.
import { useRef } from 'react';
import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Copy, Sparkles, Upload } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { BIO_MAX, DEFAULT_LOCALE, DEFAULT_TIME_ZONE, profileColumn, profileColumns } from '../../lib/shared.ts';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { languageChoices } from '../../i18n/locales.ts';
import { notifyError } from '../../lib/toaster.ts';
import type { Profile } from '../../lib/types.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { HandleField } from './HandleField.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { WebhooksSection } from '../webhooks/index.ts';
import { useHandleCheck, useUpdateProfile, useUploadAvatar } from './hooks.ts';
import { bioTooLong, imageProblem, PROFILE_FIELDS, profileSchema, type ProfileInput, type ProfileValues } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export function profileUrl(profile: Pick<Profile, 'id' | 'handle'>, origin = window.location.origin): string {
  return profile.handle ? `${origin}/${profile.handle}` : `${origin}/calendar/${profile.id}`;
}

/** The form starts from the saved profile: each field from its column, empty when the column is. */
function toInput(profile: Profile): ProfileInput {
  const input = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[profileColumn(field)] ?? '']));
  return { ...input, timezone: profile.timezone ?? DEFAULT_TIME_ZONE, locale: profile.locale ?? DEFAULT_LOCALE } as ProfileInput;
}

function Visibility({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const url = profileUrl(profile);
  /** A switch of one of the profile's visibility columns, labelled by its state. */
  const flag = (column: 'is_public_profile' | 'is_calendar_public', on: string, off: string) => (
    <SwitchField
      checked={profile[column]}
      disabled={update.isPending}
      onChange={(checked) => update.mutate({ changes: { [column]: checked } })}
      label={profile[column] ? on : off}
    />
  );
  return (
    <SectionCard title="Visibility" bodyGap="5">
      <Stack gap="2">
        {flag('is_public_profile', 'Public Profile', 'Private Profile')}
        <HStack gap="2" wrap="wrap">
          <Input readOnly value={url} aria-label="Profile URL" size="sm" flex="1" minW="52" />
          <Button size="sm" variant="outline" onClick={() => void copyText(url, 'Copied!', 'Profile URL copied to clipboard')}>
            <Copy /> Copy
          </Button>
        </HStack>
      </Stack>
      <Stack gap="2">
        {flag('is_calendar_public', 'Calendar Visible', 'Calendar Hidden')}
        {profile.is_calendar_public ? (
          <HStack bg="purple.subtle" color="purple.fg" p="3" borderRadius="md" gap="2" role="note">
            <Sparkles size={16} aria-hidden />
            <Text fontSize="sm">
              <strong>Social Features Active</strong> — your calendar appears in the community directory.
            </Text>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            People can book you only through a direct link.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

function AvatarUpload({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  return (
    <HStack gap="4">
      <UserAvatar person={profile} size="2xl" />
      <Stack gap="1">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload /> {upload.isPending ? 'Uploading...' : 'Upload photo'}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          Image files up to 5MB
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Profile picture"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void imageProblem(file).then((problem) => {
              if (problem) notifyError(problem.title, problem.description);
              else upload.mutate(file);
            });
          }}
        />
      </Stack>
    </HStack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { register, control, handleSubmit, formState } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: toInput(profile),
  });
  const handle = useWatch({ control, name: 'handle' });
  const check = useHandleCheck(handle ?? '', profile.handle);
  const errors = formState.errors;
  const handleBlocked = check.status === 'unavailable' || check.status === 'error' || check.status === 'checking';

  const submit = handleSubmit(
    (values) => update.mutate({ changes: profileColumns(values) }),
    // Never silently: the first wrong field takes the focus and says why; the toast says nothing was saved.
    () => notifyError('Profile not saved', 'Please correct the field marked below.'),
  );
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const bioLength = bio.trim().length;
  const fieldError = (name: keyof ProfileInput) => errors[name]?.message;

  return (
    <SectionCard title="Profile">
      <form noValidate onSubmit={submit}>
        <Stack gap="5">
          <AvatarUpload profile={profile} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="First Name" error={errors.firstName?.message} {...register('firstName')} />
            <TextField label="Last Name" error={errors.lastName?.message} {...register('lastName')} />
          </SimpleGrid>
          <Controller
            control={control}
            name="handle"
            render={({ field }) => (
              <HandleField
                value={field.value ?? ''}
                onChange={field.onChange}
                status={check.status}
                message={check.message}
                error={errors.handle?.message}
              />
            )}
          />
          <TextField label="Professional Title" placeholder="e.g. Leadership Coach" error={fieldError('title')} {...register('title')} />
          <TextAreaField
            label="Bio"
            rows={4}
            placeholder="Tell people about yourself"
            helper={`${bioLength.toLocaleString('en-US')} / ${BIO_MAX.toLocaleString('en-US')} characters`}
            error={errors.bio ? bioTooLong(bioLength) : undefined}
            {...register('bio')}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label="Company" error={fieldError('company')} {...register('company')} />
            <TextField label="Location" error={fieldError('location')} {...register('location')} />
            <FormField label="Timezone" error={fieldError('timezone')}>
              <TimezoneSelect {...register('timezone')} />
            </FormField>
            <FormField label="Language" helper="The language Kairos speaks to you" error={fieldError('locale')}>
              <ChoiceSelect choices={languageChoices()} {...register('locale')} />
            </FormField>
            <TextField label="Website" type="url" placeholder="https://" error={fieldError('website')} {...register('website')} />
            <TextField label="LinkedIn" placeholder="https://linkedin.com/in/..." error={fieldError('linkedin')} {...register('linkedin')} />
            <TextField label="Twitter" placeholder="@username" error={fieldError('twitter')} {...register('twitter')} />
            <TextField label="Instagram" placeholder="@username" error={fieldError('instagram')} {...register('instagram')} />
          </SimpleGrid>
          <Box>
            <SubmitButton pending={update.isPending} pendingLabel="Saving..." disabled={update.isPending || handleBlocked}>
              Save Profile
            </SubmitButton>
          </Box>
        </Stack>
      </form>
    </SectionCard>
  );
}

export default function ProfilePage() {
  usePageTitle('Profile');
  const { data: profile } = useCurrentUser();
  if (!profile) return null;
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title="Public Profile" subtitle="Control how people find and book you." />
      <Visibility profile={profile} />
      <ProfileForm profile={profile} />
      <TwoFactorCard />
      <WebhooksSection />
    </Stack>
  );
}
