/**
 * A person's initials from their name as the team list writes it: the words with a small letter, so
 * letters after the name (FCA, CTA ACA) and a title's dot are left out. "Jane Smith FCA" is "JS".
 */
export function monogramOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => /\p{Ll}/u.test(word) && !/^(Dr|Mr|Mrs|Ms|Miss|Prof)\.?$/.test(word));
  const chosen = words.length > 1 ? [words[0], words.at(-1)] : words;
  return chosen.map((word) => [...(word ?? '')][0]?.toLocaleUpperCase('en-GB') ?? '').join('');
}
