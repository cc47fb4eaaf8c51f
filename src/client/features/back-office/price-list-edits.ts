import { backOfficeMessages } from '#shared/back-office.ts';
import { priceListMessages } from '#shared/price-list-messages.ts';
import {
  type Answers,
  type Driver,
  type PriceList,
  priceListSchema,
  type Rule,
  type Service,
  serviceFee,
} from '#shared/pricing.ts';

// The owner's changes to the price list that are more than a figure: keys made from names, drivers and
// options removed with the rules that use them, the rules a service could still have, and what the
// shared schema would refuse, in words. No figure is worked out here: fees come from `serviceFee`.

/**
 * A key from a name ("Payroll bureau" → "payroll-bureau"): lower-case words joined by hyphens, at most
 * 40 characters, unlike any taken ("payroll-bureau-2"). A name with no letters or digits gets `fallback`.
 */
export function keyFrom(name: string, taken: Iterable<string>, fallback: string): string {
  const used = new Set(taken);
  const words = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const trimmed = (stem: string, room: number) => stem.slice(0, room).replace(/-+$/, '');
  const stem = trimmed(words.join('-'), 40) || fallback;
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${trimmed(stem, 40 - suffix.length)}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

const usesDriver = (rule: Rule, driver: string, option?: string) =>
  rule.driver === driver && (option === undefined || (rule.kind === 'option' && rule.option === option));

/** The names of the services with a rule on this driver (or on this option of it). */
export const servicesUsing = (list: PriceList, driver: string, option?: string) =>
  list.services
    .filter((service) => service.rules.some((rule) => usesDriver(rule, driver, option)))
    .map((service) => service.name);

const withoutRulesOn = (services: Service[], driver: string, option?: string) =>
  services.map((service) => ({
    ...service,
    rules: service.rules.filter((rule) => !usesDriver(rule, driver, option)),
  }));

/** The list without this driver, and without every rule that used it. */
export const withoutDriver = (list: PriceList, driver: string): PriceList => ({
  ...list,
  drivers: list.drivers.filter((each) => each.key !== driver),
  services: withoutRulesOn(list.services, driver),
});

/** The list without this option of a choice, and without every rule that added for it. */
export const withoutOption = (list: PriceList, driver: string, option: string): PriceList => ({
  ...list,
  drivers: list.drivers.map((each) =>
    each.key === driver && each.kind === 'choice'
      ? { ...each, options: each.options.filter((one) => one.key !== option) }
      : each,
  ),
  services: withoutRulesOn(list.services, driver, option),
});

/** A rule a service could be given: its driver (and option) and what it reads as in a list. */
export interface RuleChoice {
  value: string;
  words: string;
  /** The rule as it would be added, adding nothing until the owner says what it adds. */
  rule: Rule;
}

/** The rules a service has not got yet, from the drivers that exist: one per option, one per count. */
export function ruleChoices(drivers: readonly Driver[], service: Service): RuleChoice[] {
  const has = (rule: Rule) =>
    service.rules.some(
      (each) =>
        each.driver === rule.driver &&
        each.kind === rule.kind &&
        (rule.kind !== 'option' || (each.kind === 'option' && each.option === rule.option)),
    );
  return drivers
    .flatMap((driver): RuleChoice[] =>
      driver.kind === 'choice'
        ? driver.options.map((option) => ({
            value: `option:${driver.key}:${option.key}`,
            words: `If ${driver.label.toLowerCase()} is ${option.label}`,
            rule: { kind: 'option', driver: driver.key, option: option.key, add: 0 },
          }))
        : [
            {
              value: `each:${driver.key}`,
              words: `Each of ${driver.label.toLowerCase()} above a number`,
              rule: { kind: 'each', driver: driver.key, included: 0, add: 0 },
            },
          ],
    )
    .filter((choice) => !has(choice.rule));
}

/** A service's fee for these answers, in parts: its base, what each rule adds, and the whole. */
export function feeParts(service: Service, answers: Answers) {
  // Each rule priced alone by the one calculation: what it adds is its fee less the base.
  const additions = service.rules.map((rule) => ({
    rule,
    add: serviceFee({ ...service, rules: [rule] }, answers) - service.base,
  }));
  return { base: service.base, additions, fee: serviceFee(service, answers) };
}

/**
 * The made-up client's answers to the drivers as they now stand: what was chosen where it still exists,
 * otherwise the first option, or none of a count.
 */
export function answersFor(drivers: readonly Driver[], chosen: Answers): Answers {
  return Object.fromEntries(
    drivers.map((driver) => {
      const answer = chosen[driver.key];
      if (driver.kind === 'count') return [driver.key, typeof answer === 'number' ? answer : 0];
      const known = driver.options.some((option) => option.key === answer);
      return [driver.key, known ? (answer as string) : (driver.options[0]?.key ?? '')];
    }),
  );
}

/** What the shared schema would refuse in this list, in words that say what to do; none when it saves. */
export function priceListProblems(list: PriceList): string[] {
  const parsed = priceListSchema.safeParse(list);
  if (parsed.success) return [];
  const words = parsed.error.issues.map((issue) => {
    const last = issue.path.at(-1);
    if (issue.code === 'custom') return issue.message;
    if (last === 'options') return priceListMessages.twoOptions;
    if (issue.code === 'too_small' && last === 'name') return priceListMessages.noServiceName;
    if (issue.code === 'too_small' && last === 'label') return priceListMessages.noDriverName;
    if (issue.code === 'too_small' && last === 'services') return priceListMessages.oneService;
    if (issue.code === 'too_big' && (last === 'name' || last === 'label' || last === 'description')) {
      return priceListMessages.tooLong;
    }
    if (issue.code === 'too_big' && (last === 'services' || last === 'drivers' || last === 'rules')) {
      return priceListMessages.tooMany;
    }
    return backOfficeMessages.priceListFixFirst;
  });
  return [...new Set(words)];
}

/** What a rule's driver is called ("Bank transactions a month"). */
export const driverLabel = (rule: Rule, drivers: readonly Driver[]) =>
  drivers.find((each) => each.key === rule.driver)?.label ?? rule.driver;

/** "Kind of business: Limited company", or "Each one over 100 (bank transactions a month)". */
export function ruleWords(rule: Rule, drivers: readonly Driver[]): string {
  const driver = drivers.find((each) => each.key === rule.driver);
  if (rule.kind === 'option') {
    const option = driver?.kind === 'choice' ? driver.options.find((each) => each.key === rule.option) : null;
    return `${driver?.label ?? rule.driver}: ${option?.label ?? rule.option}`;
  }
  return `Each one over ${rule.included} (${driverLabel(rule, drivers).toLowerCase()})`;
}
