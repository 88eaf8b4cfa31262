/**
 * One file (or importer) of a reference-data import done: the start-up import reports these so a
 * first start shows where it is and how fast it goes (logged, and exported in /metrics).
 */
export interface ImportStep {
  /** What is being imported: `hts`, `parcel`, `tariff_rules`, `ports`. */
  dataset: string;
  /** 1-based position of this step, out of `total`. */
  done: number;
  total: number;
  /** The file or importer of this step. */
  item: string;
  /** How the step ended, where a step can end more than one way (hts: imported, present, rejected). */
  outcome?: string;
  /** Rows (or records) this step read; 0 when it had nothing new to write. */
  rows: number;
  elapsedMs: number;
}

export type ImportProgress = (step: ImportStep) => void;
