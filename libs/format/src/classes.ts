/** A class as its texts name it: 'Promoción 2026', 2026. */
export interface ClassNaming {
  name: string;
  year: number;
}

/**
 * A text written for one class as the next class's (decisions item 24: every text names the class
 * from its own record): the closed class's name becomes the new one's ('Comité de Padres Promoción
 * 2026' -> '... Promoción 2027'); a text without the name has its year, standing alone, moved.
 */
export function forNextClass(text: string, from: ClassNaming, to: ClassNaming): string {
  if (from.name && text.includes(from.name)) return text.split(from.name).join(to.name);
  return text.replace(new RegExp(`(?<!\\d)${from.year}(?!\\d)`, 'g'), String(to.year));
}
