// "Repeat this meeting": after picking a time of an event type that offers series, the guest may book
// it as a series (how often, how many times) and sees every occurrence in their zone and language, each
// free or taken in words (not colour alone); a taken one is booked at its week's nearest free time
// instead, or skipped. Nothing is booked while a taken one is undecided (useSeries.ts).
import { Box, Button, Checkbox, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { formatDate } from '../../lib/time.ts';
import type { BookingFlow } from './useBookingFlow.ts';
import type { SeriesOccurrence } from './useSeries.ts';

const WHEN = 'EEE, MMM d, yyyy · h:mm a';

function Occurrence({ flow, occurrence, index }: { flow: BookingFlow; occurrence: SeriesOccurrence; index: number }) {
  const intl = useIntl();
  const { series, timeZone } = flow;
  const when = (start: string, pattern: 'EEE, MMM d, yyyy · h:mm a' | 'EEE, MMM d · h:mm a' = WHEN) => formatDate(new Date(start), pattern, timeZone, intl.locale);
  const resolution = series.resolutionOf(occurrence);
  const alternative = occurrence.alternative;
  const status = occurrence.free
    ? intl.formatMessage({ id: 'booking.series.free' })
    : resolution === 'skip'
      ? intl.formatMessage({ id: 'booking.series.skipped' })
      : resolution === 'move' && alternative
        ? intl.formatMessage({ id: 'booking.series.moved' }, { time: when(alternative.start, 'EEE, MMM d · h:mm a') })
        : intl.formatMessage({ id: 'booking.series.taken' });
  const open = !occurrence.free && !resolution;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="2" borderColor={open ? 'border.error' : 'border'} data-testid="series-occurrence">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text textDecoration={resolution ? 'line-through' : undefined}>
          <Text as="span" color="fg.muted" me="2">
            {index + 1}.
          </Text>
          {when(occurrence.start)}
        </Text>
        <Text fontWeight="medium" color={occurrence.free ? 'green.fg' : open ? 'red.fg' : 'fg.muted'}>
          {status}
        </Text>
      </HStack>
      {!occurrence.free && index === 0 ? (
        <Text fontSize="sm" mt="1">
          {intl.formatMessage({ id: 'booking.series.firstTaken' })}
        </Text>
      ) : !occurrence.free ? (
        <HStack gap="2" mt="2" wrap="wrap">
          {resolution ? (
            <Button size="xs" variant="outline" onClick={() => series.resolve(occurrence.start, null)}>
              {intl.formatMessage({ id: 'booking.series.undo' })}
            </Button>
          ) : (
            <>
              {alternative ? (
                <Button size="xs" colorPalette="blue" variant="outline" onClick={() => series.resolve(occurrence.start, 'move')}>
                  {intl.formatMessage({ id: 'booking.series.bookInstead' }, { time: when(alternative.start, 'EEE, MMM d · h:mm a') })}
                </Button>
              ) : (
                <Text fontSize="sm">{intl.formatMessage({ id: 'booking.series.noAlternative' })}</Text>
              )}
              <Button size="xs" variant="outline" onClick={() => series.resolve(occurrence.start, 'skip')}>
                {intl.formatMessage({ id: 'booking.series.skip' })}
              </Button>
            </>
          )}
        </HStack>
      ) : null}
    </Box>
  );
}

export function SeriesPicker({ flow }: { flow: BookingFlow }) {
  const intl = useIntl();
  const { series } = flow;
  if (!series.offered || !flow.slot) return null;
  const { preview, occurrences } = series;
  const countHelp = intl.formatMessage({ id: 'booking.series.countHelp' }, { max: series.max });
  const datesLabel = intl.formatMessage({ id: 'booking.series.dates' }, { count: occurrences.length });
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" role="group" aria-label={intl.formatMessage({ id: 'booking.series.repeat' })}>
      <Checkbox.Root checked={series.on} onCheckedChange={(details) => series.setOn(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{intl.formatMessage({ id: 'booking.series.repeat' })}</Checkbox.Label>
      </Checkbox.Root>
      {series.on ? (
        <>
          <HStack gap="3" align="start" wrap="wrap">
            <Field.Root flex="1" minW="40">
              <Field.Label>{intl.formatMessage({ id: 'booking.series.frequency' })}</Field.Label>
              <ChoiceSelect
                value={series.frequency ?? undefined}
                onChange={(e) => series.setFrequency(e.target.value as (typeof series.frequencies)[number])}
                choices={series.frequencies.map((f) => ({ value: f, label: intl.formatMessage({ id: `booking.series.${f}` }) }))}
              />
            </Field.Root>
            <Field.Root invalid={series.countInvalid} maxW="40">
              <Field.Label>{intl.formatMessage({ id: 'booking.series.count' })}</Field.Label>
              <Input type="number" inputMode="numeric" min={2} max={series.max} value={series.countText} onChange={(e) => series.setCount(e.target.value)} />
              {series.countInvalid ? (
                <Field.ErrorText>{intl.formatMessage({ id: 'booking.series.countInvalid' }, { max: series.max })}</Field.ErrorText>
              ) : (
                <Field.HelperText>{countHelp}</Field.HelperText>
              )}
            </Field.Root>
          </HStack>
          {series.lost.length ? (
            <Box role="alert" bg="red.subtle" borderRadius="md" p="2" fontSize="sm">
              {intl.formatMessage(
                { id: 'booking.series.lost' },
                { count: series.lost.length, dates: series.lost.map((start) => formatDate(new Date(start), WHEN, flow.timeZone, intl.locale)).join('; ') },
              )}
            </Box>
          ) : null}
          {series.countInvalid ? null : preview.isError ? (
            <HStack gap="2" role="alert" wrap="wrap">
              <Text fontSize="sm">{intl.formatMessage({ id: 'booking.series.failed' })}</Text>
              <Button size="xs" variant="outline" onClick={() => void preview.refetch()}>
                {intl.formatMessage({ id: 'booking.series.retry' })}
              </Button>
            </HStack>
          ) : !occurrences.length ? (
            <HStack gap="2" role="status" fontSize="sm">
              <Spinner size="sm" aria-hidden />
              <Text>{intl.formatMessage({ id: 'booking.series.checking' })}</Text>
            </HStack>
          ) : (
            <Stack gap="2" aria-busy={preview.isFetching}>
              <Text fontSize="sm" role="status">
                {intl.formatMessage({ id: 'booking.series.summary' }, { taken: series.unresolved })}
              </Text>
              <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" fontSize="sm" aria-label={datesLabel}>
                {occurrences.map((occurrence, index) => (
                  <Occurrence key={occurrence.start} flow={flow} occurrence={occurrence} index={index} />
                ))}
              </Stack>
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
