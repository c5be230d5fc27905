/**
 * Money in the browser is integer centavos (a `number` that is always a safe integer), never a
 * binary float of pesos: ₱0.10 + ₱0.20 must be exactly ₱0.30. The database keeps `numeric(12,2)`;
 * inserts send decimal strings and reads take the views' `*_centavos bigint` columns. Pure.
 */

/** ₱9,999,999,999.99, the largest `numeric(12,2)`. */
export const MAX_CENTAVOS = 999_999_999_999;

export type PesosParse =
  | { ok: true; centavos: number }
  | { ok: false; reason: 'empty' | 'not-a-number' | 'too-many-decimals' | 'too-large' | 'not-positive' };

/** Digits with an optional fraction; the whole part either plain or grouped by commas in threes. */
const AMOUNT_PATTERN = /^(-?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;
/** Ten digits of pesos is the most `numeric(12,2)` holds. */
const MAX_PESO_DIGITS = 10;

/**
 * Reads what a receptionist types: "1,500", "1500.5", " ₱1,234.50 ", ".5". Refuses exponents, signs
 * other than a leading minus (reported as not positive), more than two decimals, zero (unless
 * `allowZero`: a price or a discount may be ₱0.00) and amounts beyond `numeric(12,2)`.
 */
export function parsePesos(input: string, options: { allowZero?: boolean } = {}): PesosParse {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const withoutSign = trimmed.replace(/^(-?)\s*₱\s*/, '$1');
  const match = AMOUNT_PATTERN.exec(withoutSign);
  if (!match) return { ok: false, reason: 'not-a-number' };
  const [, minus, wholeWithCommas = '', fraction = ''] = match;
  const whole = wholeWithCommas.replace(/,/g, '');
  if (whole === '' && fraction === '') return { ok: false, reason: 'not-a-number' };
  if (fraction.length > 2) return { ok: false, reason: 'too-many-decimals' };
  const significantWhole = whole.replace(/^0+/, '');
  const isZero = significantWhole === '' && /^0*$/.test(fraction);
  if (minus === '-' || (isZero && options.allowZero !== true)) return { ok: false, reason: 'not-positive' };
  if (significantWhole.length > MAX_PESO_DIGITS) return { ok: false, reason: 'too-large' };
  const centavos = Number(significantWhole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (centavos > MAX_CENTAVOS) return { ok: false, reason: 'too-large' };
  return { ok: true, centavos };
}

function splitCentavos(centavos: number): { sign: '' | '-'; pesos: string; cents: string } {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Centavos must be a safe integer, got ${centavos}.`);
  const magnitude = Math.abs(centavos);
  return {
    sign: centavos < 0 ? '-' : '',
    pesos: String(Math.trunc(magnitude / 100)),
    cents: String(magnitude % 100).padStart(2, '0'),
  };
}

/** en-PH pesos: '₱1,234.50', '-₱5.00'. Built from integers, so it is exact for every amount. */
export function formatPesos(centavos: number): string {
  const { sign, pesos, cents } = splitCentavos(centavos);
  const grouped = pesos.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₱${grouped}.${cents}`;
}

/**
 * An invoice's balance as the desk reads it: what is still owed ('₱1,250.25'), or what was paid
 * beyond the total as the patient's credit ('Credit ₱0.05'), never a negative amount.
 */
export function formatBalance(centavos: number): string {
  return centavos < 0 ? `Credit ${formatPesos(-centavos)}` : formatPesos(centavos);
}

/** The decimal string PostgREST inserts take for a `numeric(12,2)` column: '1234.50'. */
export function centavosToDecimal(centavos: number): string {
  const { sign, pesos, cents } = splitCentavos(centavos);
  return `${sign}${pesos}.${cents}`;
}

const STORED_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount as the database gives it when read as text (`price::text`, '1500.00', '0.00'), in
 * centavos; zero is a valid stored amount (a free procedure). Throws on anything else, so a
 * malformed amount never shows as a wrong one.
 */
export function centavosOfStored(text: string): number {
  const match = STORED_AMOUNT.exec(text.trim());
  if (!match) throw new RangeError(`Not a stored amount: ${JSON.stringify(text)}`);
  const [, whole = '0', fraction = ''] = match;
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(centavos) || centavos > MAX_CENTAVOS)
    throw new RangeError(`Amount out of range: ${JSON.stringify(text)}`);
  return centavos;
}
