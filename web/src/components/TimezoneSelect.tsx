// A picker of IANA time zones, grouped by region, named as people know them.
import { forwardRef, useMemo, useState, type ComponentProps } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { TIME_ZONE_GROUPS } from '../lib/shared.ts';
import { zoneCity, zoneWithTime } from '../lib/zones.ts';

/**
 * About 100 IANA zones grouped UTC / Americas / Europe / Asia / Africa / Oceania / Pacific; an
 * unlisted current value stays selectable. The chosen zone reads "New York (EST, UTC−5), 9:41 AM";
 * the others read so once the picker is focused or pressed (wording all of them costs a phone a
 * few hundred milliseconds of Intl, which a page's first render should not pay), until then by city.
 */
export const TimezoneSelect = forwardRef<HTMLSelectElement, ComponentProps<typeof NativeSelect.Field> & { size?: 'sm' | 'md' }>(
  function TimezoneSelect({ size = 'md', onFocus, onPointerDown, ...props }, ref) {
    const value = String(props.value ?? '');
    const [open, setOpen] = useState(false);
    const now = useMemo(() => new Date(), [open, value]); // eslint-disable-line react-hooks/exhaustive-deps -- the time when the list is worded
    const intl = useIntl();
    const { locale } = intl;
    // A region's name in the page's language; UTC is UTC in every one.
    const region = (label: (typeof TIME_ZONE_GROUPS)[number]['label']) => (label === 'UTC' ? label : intl.formatMessage({ id: `zone.group.${label}` }));
    const label = (zone: string) => (open || zone === value ? zoneWithTime(zone, now, locale) : zoneCity(zone, locale));
    const listed = TIME_ZONE_GROUPS.some((group) => group.zones.includes(value));
    return (
      <NativeSelect.Root size={size}>
        <NativeSelect.Field
          ref={ref}
          {...props}
          onFocus={(event) => {
            setOpen(true);
            onFocus?.(event);
          }}
          onPointerDown={(event) => {
            setOpen(true);
            onPointerDown?.(event);
          }}
        >
          {!listed && value ? <option value={value}>{label(value)}</option> : null}
          {TIME_ZONE_GROUPS.map((group) => (
            <optgroup key={group.label} label={region(group.label)}>
              {group.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {label(zone)}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  },
);
