/** The retention capability's public surface. */
export { pruneExpiredRecords, retentionPeriods, type RetentionReport, type RetentionStore } from './retention-policy';
