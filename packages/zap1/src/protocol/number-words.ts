/** Numbers as people read them in verdicts and receipts, one form everywhere (a command keeps the plain digits). */

/** "4,000,078": heights with their thousands marked, as explorers show them. */
export function heightWords(height: number): string {
  return String(height).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
