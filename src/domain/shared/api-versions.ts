/**
 * Dated API versions, oldest first (docs/versioning.md). A new date is added only for a change a
 * client could break on; additive changes keep the current version. A request without the header
 * gets the newest. Kept in the shared kernel because both the HTTP layer (the `Tradelane-Version`
 * header) and the events' `api_version` read it: one table, so an event never names a version a
 * request could not pin.
 */
export const apiVersions = ['2026-11-22'] as const;
export const currentApiVersion: string = apiVersions[apiVersions.length - 1];
