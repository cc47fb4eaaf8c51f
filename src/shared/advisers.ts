import { type AvailabilitySettings, storedAvailabilitySettingsSchema } from './booking-settings.ts';
import { z } from './zod.ts';

// An adviser takes initial calls. The firm's availability settings are everyone's default; an adviser may
// have their own working hours, call length and buffer. Notice, how far ahead and the time zone stay the
// firm's, so the calendar a visitor sees has one set of days and one zone.

const firmShape = storedAvailabilitySettingsSchema.shape;

export const adviserOverridesSchema = z
  .object({
    workingHours: firmShape.workingHours.optional(),
    callMinutes: firmShape.callMinutes.optional(),
    bufferMinutes: firmShape.bufferMinutes.optional(),
  })
  .strict();
export type AdviserOverrides = z.infer<typeof adviserOverridesSchema>;

/** The settings one adviser's times are cut by: the firm's, with theirs in place of any they have. */
export function adviserSettings(
  firm: AvailabilitySettings,
  overrides: AdviserOverrides,
): AvailabilitySettings {
  return {
    ...firm,
    workingHours: overrides.workingHours ?? firm.workingHours,
    callMinutes: overrides.callMinutes ?? firm.callMinutes,
    bufferMinutes: overrides.bufferMinutes ?? firm.bufferMinutes,
  };
}
