/** The tariff capability's public surface: code outside src/domain/tariff imports it from here. */
export { claimCatalogue, claimHeadingLabel, type ClaimDefinition } from './claims/claim-catalogue';
export { allCountries, countryCodeForName } from './countries/country-directory';
export { calculateDuty, daysAfter } from './engine/calculate-duty';
export { type DutyPricer, dutyPricer, lineDutyReasons } from './engine/duty-pricer';
export {
  entryFees,
  type EntryFee,
  type EntryFees,
  type EntryFeesInput,
  type EntryType,
  lineFeeShare,
} from './engine/entry-fees';
export type { ClaimInput, DutyInput, TransportMode } from './engine/duty-request';
export type { DutyCalculation, DutyComponent, FeeLine, ProgramSummary, ReportFamily } from './engine/duty-result';
export {
  estimateIeepaRefunds,
  ieepaCollectionEnd,
  type IeepaRefundEstimate,
  type IeepaRefundLine,
  type IeepaRefundTotals,
} from './ieepa-refunds';
export { parseRateExpression, parseSpecialColumn } from './rate-text/parse-rate-text';
export type { RateExpression, RateTerm } from './rate-text/rate-text.model';
export { canonicalUnit } from './rate-text/rate-units';
export { ReleaseLineSource } from './release-line-source';
export {
  type AdcvdFile,
  adcvdFileSchema,
  describeSchemaError,
  type ProductListsFile,
  productListsFileSchema,
} from './rules/rule-schema';
export {
  type AdcvdCase,
  type AdcvdRenumbering,
  buildRuleSet,
  type ImportedProductList,
  type ProductListEntry,
  RuleDataError,
  type TariffRuleSet,
  type RuleSetSources,
} from './rules/rule-set';
export { ActiveTariffRules } from './rules/active-tariff-rules';
export type { DutyEngineDependencies } from './engine/calculate-duty';
export { type DutySimulation, simulateDuty, type SimulationProduct, type SimulationScenario } from './duty-simulation';
export {
  findStoredCalculation,
  type StoredCalculation,
  type StoredCalculationStore,
  storeCalculation,
  storedCalculationsTable,
  storedReportLine,
} from './stored-calculations';
export { type DutyReport, type DutyReportLine, renderDutyReportPdf } from './duty-report-pdf';
export {
  type BulkFileLayout,
  type BulkJobKind,
  bulkJobKinds,
  type BulkLine,
  type BulkLineOutput,
  inputColumns,
} from './bulk/bulk-columns';
export {
  type BulkJob,
  type BulkJobLine,
  BulkJobService,
  type BulkJobSource,
  type BulkJobStatus,
  type BulkJobStore,
  resultColumns,
  resultRow,
} from './bulk/bulk-job.service';
export { bulkReportDetailDefault, bulkReportDetailMax, bulkJobReport } from './bulk/bulk-report';
export {
  cellText,
  claimsCellOf,
  dutyInputOf,
  maxBulkFileBytes,
  maxBulkLines,
  maxListedErrors,
  parseClaimsCell,
  type RawRow,
  readBulkLines,
} from './bulk/bulk-lines';
export { resultsTable, templateTable } from './bulk/bulk-sheets';
export { BulkFileReader } from './bulk/bulk-file-reader';
export { type BulkFileSource, readBulkFile, xlsxLimits } from './bulk/bulk-file';
