// What each part of the settings is read with (config.ts): a variable's value, or undefined when unset or
// blank; and the note of a problem, which the reading goes on past so that one start names them all.

export type Read = (name: string) => string | undefined;

export type Fail = (name: string, expected: string, value?: string) => never;
