import type { CommandIo } from '../../scripts/command.ts';

/**
 * Runs one of the staff commands (scripts/*-command.ts) in this process, as npm would run it in its own:
 * its exit code, what it printed and what it complained of (an unexpected error with its stack).
 */
export async function runInProcess(
  command: (io: CommandIo) => Promise<number>,
  args: string[],
  env: Record<string, string>,
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({
    args,
    env,
    print: (line) => out.push(`${line}\n`),
    complain: (problem) => err.push(`${problem instanceof Error ? problem.stack : problem}\n`),
  });
  return { code, out: out.join(''), err: err.join('') };
}
