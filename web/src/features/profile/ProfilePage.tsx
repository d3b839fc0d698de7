// /profile: visibility, the profile itself (name, handle, avatar, time zone, language) and two-factor authentication.
import { useRef } from 'react';
import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Copy, Sparkles, Upload } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { useRuleForm } from '../../lib/ruleResolver.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
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
import { imageProblem, PROFILE_FIELDS, profileSchema, type ProfileInput } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useSay } from '../../i18n/useSay.ts';

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
  const say = useSay();
  const copyText = useCopyText();
  const url = profileUrl(profile);
  /** A switch of one of the profile's visibility columns, labelled by its state. */
  const flag = (column: 'is_public_profile' | 'is_calendar_public', on: MessageId, off: MessageId) => (
    <SwitchField
      checked={profile[column]}
      disabled={update.isPending}
      onChange={(checked) => update.mutate({ changes: { [column]: checked } })}
      label={say(profile[column] ? on : off)}
    />
  );
  return (
    <SectionCard title={say('profile.visibility')} bodyGap="5">
      <Stack gap="2">
        {flag('is_public_profile', 'profile.public', 'profile.private')}
        <HStack gap="2" wrap="wrap">
          <Input readOnly value={url} aria-label={say('profile.url')} size="sm" flex="1" minW="52" />
          <Button size="sm" variant="outline" onClick={() => void copyText(url, say('profile.copied'), say('profile.urlCopied'))}>
            <Copy /> {say('calendars.feed.copy')}
          </Button>
        </HStack>
      </Stack>
      <Stack gap="2">
        {flag('is_calendar_public', 'profile.calendarVisible', 'profile.calendarHidden')}
        {profile.is_calendar_public ? (
          <HStack bg="purple.subtle" color="purple.fg" p="3" borderRadius="md" gap="2" role="note">
            <Sparkles size={16} aria-hidden />
            <Text fontSize="sm">
              <FormattedMessage id="profile.social" values={{ strong: (chunks) => <strong>{chunks}</strong> }} />
            </Text>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {say('profile.directOnly')}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

function AvatarUpload({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const intl = useIntl();
  const say = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const toast = (title: MessageId, description: MessageId) => ({ title: say(title), description: say(description) });
  const words = {
    notImage: toast('profile.image.invalid', 'profile.image.pick'),
    tooLarge: toast('profile.image.tooLarge', 'profile.image.smaller'),
    disguised: (name: string) => ({ title: say('profile.image.invalid'), description: say('profile.image.disguised', { name }) }),
  };
  return (
    <HStack gap="4">
      <UserAvatar person={profile} size="2xl" />
      <Stack gap="1">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload /> {say(upload.isPending ? 'profile.uploading' : 'profile.upload')}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {say('profile.uploadHelp')}
        </Text>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={say('profile.picture')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void imageProblem(file, words).then((problem) => {
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
  const intl = useIntl();
  const say = useSay();
  const fieldWords = useFieldWords();
  const { register, control, handleSubmit, formState } = useRuleForm(profileSchema, toInput(profile));
  const handle = useWatch({ control, name: 'handle' });
  const check = useHandleCheck(handle ?? '', profile.handle);
  const errors = formState.errors;
  const handleBlocked = check.status === 'unavailable' || check.status === 'error' || check.status === 'checking';

  const submit = handleSubmit(
    (values) => update.mutate({ changes: profileColumns(values) }),
    // Never silently: the first wrong field takes the focus and says why; the toast says nothing was saved.
    () => notifyError(say('profile.toast.notSaved'), say('profile.toast.correct')),
  );
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const bioLength = bio.trim().length;
  const fieldError = (name: keyof ProfileInput) => fieldWords(errors[name]);
  const count = (value: number) => intl.formatNumber(value);

  return (
    <SectionCard title={say('app.nav.profile')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="5">
          <AvatarUpload profile={profile} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label={say('auth.register.firstName')} error={fieldError('firstName')} {...register('firstName')} />
            <TextField label={say('auth.register.lastName')} error={fieldError('lastName')} {...register('lastName')} />
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
                error={fieldError('handle')}
              />
            )}
          />
          <TextField label={say('profile.title')} placeholder={say('profile.titlePlaceholder')} error={fieldError('title')} {...register('title')} />
          <TextAreaField
            label={say('profile.bio')}
            rows={4}
            placeholder={say('profile.bioPlaceholder')}
            helper={intl.formatMessage({ id: 'profile.bioCount' }, { count: count(bioLength), max: count(BIO_MAX) })}
            error={errors.bio ? intl.formatMessage({ id: 'profile.bioTooLong' }, { count: count(bioLength), max: count(BIO_MAX) }) : undefined}
            {...register('bio')}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label={say('bookings.create.company')} error={fieldError('company')} {...register('company')} />
            <TextField label={say('profile.location')} error={fieldError('location')} {...register('location')} />
            <FormField label={say('booking.pickers.timezone')} error={fieldError('timezone')}>
              <TimezoneSelect {...register('timezone')} />
            </FormField>
            <FormField label={say('layout.language')} helper={say('profile.languageHelp')} error={fieldError('locale')}>
              <ChoiceSelect choices={languageChoices()} {...register('locale')} />
            </FormField>
            <TextField label={say('profile.website')} type="url" placeholder="https://" error={fieldError('website')} {...register('website')} />
            <TextField label="LinkedIn" placeholder="https://linkedin.com/in/..." error={fieldError('linkedin')} {...register('linkedin')} />
            <TextField label="Twitter" placeholder={say('profile.socialPlaceholder')} error={fieldError('twitter')} {...register('twitter')} />
            <TextField label="Instagram" placeholder={say('profile.socialPlaceholder')} error={fieldError('instagram')} {...register('instagram')} />
          </SimpleGrid>
          <Box>
            <SubmitButton pending={update.isPending} pendingLabel={say('profile.saving')} disabled={update.isPending || handleBlocked}>
              {say('profile.save')}
            </SubmitButton>
          </Box>
        </Stack>
      </form>
    </SectionCard>
  );
}

export default function ProfilePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'app.nav.profile' }));
  const { data: profile } = useCurrentUser();
  if (!profile) return null;
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title={intl.formatMessage({ id: 'profile.heading' })} subtitle={intl.formatMessage({ id: 'profile.subtitle' })} />
      <Visibility profile={profile} />
      <ProfileForm profile={profile} />
      <TwoFactorCard />
      <WebhooksSection />
    </Stack>
  );
}
