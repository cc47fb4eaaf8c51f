import { changedFirmFields, type FirmDetails } from '#shared/firm-details.ts';

// The Firm details form's draft holds what the owner changed, not the whole form: the details they started
// from (`base`) and the form as they left it (`edited`). Laid over the details saved now, it brings back
// only their changes, so another owner's save in the meantime is kept rather than undone by old values of
// fields this owner never touched.

export interface FirmDraft {
  base: FirmDetails;
  edited: FirmDetails;
}

/** The fields `edited` changed from `base`. */
export const changedFields = (draft: FirmDraft) => changedFirmFields(draft.base, draft.edited);

/** The details saved now, with the draft's changes on top. */
export function withChanges(saved: FirmDetails, draft: FirmDraft | null): FirmDetails {
  if (!draft) return saved;
  const changes = Object.fromEntries(changedFields(draft).map((key) => [key, draft.edited[key]]));
  return { ...saved, ...changes };
}
