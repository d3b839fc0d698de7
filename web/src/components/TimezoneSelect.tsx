// A picker of IANA time zones, grouped by region.
import { forwardRef, type ComponentProps } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import { TIME_ZONE_GROUPS } from '../lib/shared.ts';

/** About 100 IANA zones grouped UTC / Americas / Europe / Asia / Africa / Oceania / Pacific; an unlisted current value stays selectable. */
export const TimezoneSelect = forwardRef<HTMLSelectElement, ComponentProps<typeof NativeSelect.Field> & { size?: 'sm' | 'md' }>(
  function TimezoneSelect({ size = 'md', ...props }, ref) {
    const listed = TIME_ZONE_GROUPS.some((group) => group.zones.includes(String(props.value ?? '')));
    return (
      <NativeSelect.Root size={size}>
        <NativeSelect.Field ref={ref} {...props}>
          {!listed && props.value ? <option value={String(props.value)}>{String(props.value)}</option> : null}
          {TIME_ZONE_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
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
