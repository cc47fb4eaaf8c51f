/**
 * The first words of a message as one line of at most `max` characters, cut at a word and ended with "…"
 * when there is more: a card or a list shows what someone wrote without opening it.
 */
export function firstWords(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
