const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] as string);
}

const characters = Object.fromEntries(
  Object.entries(entities).map(([character, entity]) => [entity, character]),
);

/** The text that `escapeHtml` (or React) escaped. */
export function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => characters[entity] ?? "'");
}

/** JSON for a `<script type="application/ld+json">` block: no `<` survives, so nothing can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
