import { isAnterior } from './fdi-layout';

/** A surface's name on this tooth: incisal and facial on front teeth, palatal on upper teeth. */
export function surfaceName(surface: string, tooth: number): string {
  const upper = [1, 2, 5, 6].includes(Math.floor(tooth / 10));
  switch (surface) {
    case 'O':
      return isAnterior(tooth) ? 'O (incisal)' : 'O (occlusal)';
    case 'B':
      return isAnterior(tooth) ? 'F (facial)' : 'B (buccal)';
    case 'L':
      return upper ? 'P (palatal)' : 'L (lingual)';
    case 'M':
      return 'M (mesial)';
    default:
      return 'D (distal)';
  }
}
