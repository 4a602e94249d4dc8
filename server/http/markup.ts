/** Text written into HTML or SVG markup the service builds (pages, badges, the proxied app's head). */

/** `text` with the five characters that could end an element or an attribute as numeric entities. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
