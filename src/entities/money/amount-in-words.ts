/**
 * An amount as a Philippine receipt writes it out: "One thousand two hundred thirty-four pesos and
 * 56/100". Whole pesos in English words (short scale), centavos as a fraction of 100. Pure.
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion'];

/** 1–999 in words: "two hundred thirty-four". */
function belowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(`${ONES[hundreds]} hundred`);
  if (rest >= 20) words.push(rest % 10 === 0 ? TENS[rest / 10]! : `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}`);
  else if (rest > 0) words.push(ONES[rest]!);
  return words.join(' ');
}

/** A whole number from 0 to 999,999,999,999 in words: "one thousand two hundred thirty-four". */
export function wholeNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Cannot write ${n} in words`);
  if (n === 0) return ONES[0]!;
  const groups: string[] = [];
  for (let scale = 0, rest = n; rest > 0; scale += 1, rest = Math.floor(rest / 1000)) {
    const group = rest % 1000;
    if (group > 0) groups.unshift(SCALES[scale] ? `${belowThousand(group)} ${SCALES[scale]}` : belowThousand(group));
  }
  return groups.join(' ');
}

/** Integer centavos as words: 123456 → "One thousand two hundred thirty-four pesos and 56/100". */
export function pesosInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`Not an amount of centavos: ${centavos}`);
  const pesos = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, '0');
  const words = wholeNumberInWords(pesos);
  const unit = pesos === 1 ? 'peso' : 'pesos';
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${unit} and ${cents}/100`;
}
