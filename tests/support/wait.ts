/**
 * Polls `condition` every `intervalMs` until it holds; after `timeoutMs` fails, saying what it waited for
 * (`what` is asked then, so it can report the state at that moment).
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  {
    timeoutMs = 10_000,
    intervalMs = 25,
    what = (): string => 'condition not met',
  }: { timeoutMs?: number; intervalMs?: number; what?: () => string } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not in time: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
