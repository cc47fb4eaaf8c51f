// The time zones the Availability screen offers: the firm's likely ones first, each named by its city,
// its zone and its offset from GMT today ("London (Europe/London), GMT+0").

/** Where a firm in these islands most likely keeps its diary, offered before every other zone. */
export const likelyTimeZones = ['Europe/London', 'Europe/Dublin'] as const;

/**
 * Old names that browsers (through ICU, the library behind their time zones) still list in place of the
 * current one, which every runtime also knows and resolves to the same zone: the list shows the current
 * name ("Asia/Kolkata", not "Asia/Calcutta"), and the server takes either.
 */
const currentNames: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

export interface TimeZoneOption {
  /** The zone's name, as saved. */
  value: string;
  /** What the list shows: "London (Europe/London), GMT+0". */
  label: string;
}

/** A zone's offset from GMT at an instant, as the browser writes it: "GMT+0", "GMT-5", "GMT+5:30". */
function offsetAt(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  }).formatToParts(at);
  const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return offset === 'GMT' ? 'GMT+0' : offset;
}

export function timeZoneOption(zone: string, at: Date): TimeZoneOption {
  const city = (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
  return { value: zone, label: `${city} (${zone}), ${offsetAt(zone, at)}` };
}

/**
 * The zones to offer: the likely ones, then every other zone the browser lists under its current name,
 * by city; the saved zone is among them even when the browser does not list it (as "UTC").
 */
export function timeZoneOptions(
  saved: string,
  at: Date,
  listed: readonly string[] = Intl.supportedValuesOf('timeZone'),
): { likely: TimeZoneOption[]; others: TimeZoneOption[] } {
  const likely: readonly string[] = likelyTimeZones;
  const others = new Set(listed.map((zone) => currentNames[zone] ?? zone));
  if (!likely.includes(saved)) others.add(saved);
  for (const zone of likely) others.delete(zone);
  return {
    likely: likely.map((zone) => timeZoneOption(zone, at)),
    others: [...others]
      .map((zone) => timeZoneOption(zone, at))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
  };
}
