/** The three hosts served from one codebase (see docs/architecture.md). */
export const hostNames = ['main', 'tariff', 'site'] as const;
export type HostName = (typeof hostNames)[number];
