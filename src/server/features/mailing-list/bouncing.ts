/** Only these subscribers receive campaigns: confirmed, and not refused three times by their mail server. */
export const bouncingAfterRefusals = 3;
