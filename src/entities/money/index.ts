export { MAX_CENTAVOS, centavosToDecimal, formatPesos, parsePesos, type PesosParse } from './money';
export { MoneyField, pesosSchema, type MoneyFieldProps } from './money-field';
