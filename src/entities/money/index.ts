export { MAX_CENTAVOS, centavosToDecimal, formatPesos, parsePesos, type PesosParse } from './money';
export { MoneyField, pesosSchema } from './money-field';
