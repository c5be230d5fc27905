export {
  MAX_CENTAVOS,
  centavosOfStored,
  centavosToDecimal,
  formatBalance,
  formatPesos,
  parsePesos,
  type PesosParse,
} from './money';
export { MoneyField, MoneyInput, pesosSchema, type MoneyFieldProps } from './money-field';
export { pesosInWords } from './amount-in-words';
