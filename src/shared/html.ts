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
