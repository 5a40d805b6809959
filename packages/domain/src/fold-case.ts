/**
 * Text with case and accents set aside: lower case, each letter's marks removed after the
 * compatibility decomposition (é → e, ™ → tm). What the store's search, the search keys and the
 * order of names compare.
 */
export function foldCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
