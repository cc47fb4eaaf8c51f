/**
 * Where the server reads the time. Built once (runtime.ts) and handed to every part that needs "now", so
 * a test can fix it and no module reads the system time on its own.
 */
export type Clock = () => Date;

/** The machine's time: the one place the server asks for it. */
export const systemClock: Clock = () => new Date();
