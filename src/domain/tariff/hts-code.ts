/** The engine's names for the HTS model's one parser (src/domain/hts/model.ts). */
export { htsTariffLineDigits as normalizeHtsCode, dottedHtsCode as formatHtsCode } from '../hts';
