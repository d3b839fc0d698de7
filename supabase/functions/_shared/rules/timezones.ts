// The time zone picker's list (docs/product/data.md: about 100 IANA zones in seven groups).
import { type InstantInput, offsetMs, toMs } from './time.ts';

export interface TimeZoneGroup {
  label: 'UTC' | 'Americas' | 'Europe' | 'Asia' | 'Africa' | 'Oceania' | 'Pacific';
  zones: readonly string[];
}

export const TIME_ZONE_GROUPS: readonly TimeZoneGroup[] = [
  { label: 'UTC', zones: ['UTC'] },
  {
    label: 'Americas',
    zones: [
      'America/New_York', 'America/Toronto', 'America/Chicago', 'America/Winnipeg', 'America/Denver',
      'America/Edmonton', 'America/Phoenix', 'America/Los_Angeles', 'America/Vancouver', 'America/Anchorage',
      'America/Halifax', 'America/St_Johns', 'America/Mexico_City', 'America/Monterrey', 'America/Guatemala',
      'America/Costa_Rica', 'America/Panama', 'America/Havana', 'America/Jamaica', 'America/Puerto_Rico',
      'America/Santo_Domingo', 'America/Bogota', 'America/Lima', 'America/Caracas', 'America/La_Paz',
      'America/Santiago', 'America/Asuncion', 'America/Sao_Paulo', 'America/Argentina/Buenos_Aires',
      'America/Montevideo',
    ],
  },
  {
    label: 'Europe',
    zones: [
      'Europe/London', 'Europe/Dublin', 'Europe/Lisbon', 'Europe/Madrid', 'Europe/Paris', 'Europe/Brussels',
      'Europe/Amsterdam', 'Europe/Berlin', 'Europe/Zurich', 'Europe/Rome', 'Europe/Vienna', 'Europe/Prague',
      'Europe/Warsaw', 'Europe/Stockholm', 'Europe/Oslo', 'Europe/Copenhagen', 'Europe/Helsinki', 'Europe/Athens',
      'Europe/Bucharest', 'Europe/Kyiv', 'Europe/Istanbul', 'Europe/Moscow',
    ],
  },
  {
    label: 'Asia',
    zones: [
      'Asia/Dubai', 'Asia/Tehran', 'Asia/Jerusalem', 'Asia/Riyadh', 'Asia/Baghdad', 'Asia/Kabul', 'Asia/Karachi',
      'Asia/Tashkent', 'Asia/Kolkata', 'Asia/Colombo', 'Asia/Kathmandu', 'Asia/Dhaka', 'Asia/Yangon',
      'Asia/Bangkok', 'Asia/Jakarta', 'Asia/Ho_Chi_Minh', 'Asia/Singapore', 'Asia/Kuala_Lumpur', 'Asia/Manila',
      'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Seoul', 'Asia/Tokyo', 'Asia/Vladivostok',
    ],
  },
  {
    label: 'Africa',
    zones: [
      'Africa/Casablanca', 'Africa/Lagos', 'Africa/Algiers', 'Africa/Tunis', 'Africa/Cairo', 'Africa/Khartoum',
      'Africa/Johannesburg', 'Africa/Maputo', 'Africa/Nairobi', 'Africa/Addis_Ababa', 'Africa/Accra',
      'Africa/Kinshasa',
    ],
  },
  {
    label: 'Oceania',
    zones: [
      'Australia/Perth', 'Australia/Eucla', 'Australia/Darwin', 'Australia/Adelaide', 'Australia/Brisbane',
      'Australia/Sydney', 'Australia/Melbourne', 'Australia/Hobart', 'Australia/Lord_Howe', 'Pacific/Auckland',
    ],
  },
  {
    label: 'Pacific',
    zones: [
      'Pacific/Honolulu', 'Pacific/Pago_Pago', 'Pacific/Tahiti', 'Pacific/Marquesas', 'Pacific/Guam',
      'Pacific/Port_Moresby', 'Pacific/Noumea', 'Pacific/Fiji', 'Pacific/Tongatapu', 'Pacific/Apia',
      'Pacific/Chatham', 'Pacific/Kiritimati',
    ],
  },
];

/** Every zone of the picker, in picker order. */
export const TIME_ZONES: readonly string[] = TIME_ZONE_GROUPS.flatMap((g) => g.zones);

/** 'UTC+05:45' style offset of a zone at an instant, for picker labels. */
export function formatUtcOffset(timeZone: string, at: InstantInput): string {
  const minutes = Math.round(offsetMs(timeZone, toMs(at)) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
