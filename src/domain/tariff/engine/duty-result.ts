import type { Country } from '../countries/country-directory';
import type { HtsRelease } from '../hts-line-source';
import { programFamilies, type Citation } from '../rules/rule-schema';
import type { ClaimInput, TransportMode } from './duty-request';
import type { PossibleExemptionNote } from './measure-evaluation';
import type { FeeLine } from '../rules/compiled-fees';

export type ComponentStatus = 'applies' | 'suppressed' | 'unresolved' | 'prohibited';
/** The program families an answer reports, in the order forms, tables and bulk files list them. */
export const reportFamilies = ['base', ...programFamilies, 'ad_cvd'] as const;
export type ReportFamily = (typeof reportFamilies)[number];

/** One line of the duty stack: the base duty, a measure (applying or suppressed) or an AD/CVD deposit. */
export interface DutyComponent {
  /** Measure id from the rule files (`mfn` for the base duty, the case number for AD/CVD). */
  id: string;
  family: ReportFamily;
  program: string;
  programTitle: string;
  /** Chapter 99 heading to report; null for the base duty and AD/CVD. */
  heading: string | null;
  description: string;
  rateKind: 'base' | 'additive' | 'floor' | 'prohibition' | 'adcvd';
  /** The rate as written: `6.5%`, `1¢/kg`, `+25%`, `15% total duty level`. */
  rateText: string;
  /** Nominal percent when the rate is ad valorem (the level for a floor); null for specific rates. */
  ratePercent: string | null;
  /** non_metal_content: the value other than the metal content a Section 232 derivative duty is charged on. */
  basis: 'full_value' | 'metal_content' | 'non_us_content' | 'non_metal_content';
  /** The value the rate applies to (USD), null when unknown. */
  basisValue: string | null;
  /** USD, rounded half-up to cents; null unless the component applies with a known amount. */
  amount: string | null;
  status: ComponentStatus;
  /** Why the component is suppressed, unresolved or prohibited. */
  reason?: string;
  /** Ids of the components that suppress this one. */
  suppressedBy?: string[];
  /** Relief heading claimed instead (exemptions) */
  reliefHeading?: string;
  citations: Citation[];
  /** Exemptions we cannot decide from the request (end use, in transit, listed companies, a claim not made). */
  possibleExemptions: PossibleExemptionNote[];
  /** What the amount rests on that we do not hold (AD/CVD rates not current, a program after the newest release). */
  caveats?: string[];
}

/** An exemption or lower rate the line reaches with a claim it does not make, and the total it would give. */
export interface PossibleExemption {
  claim: ClaimInput;
  heading: string | null;
  description: string;
  /** The component the claim would relieve. */
  component: string;
  /** The duty total with the claim added; null when that total is unresolved too. */
  totalDuty: string | null;
}

/** An annex exemption the line is listed for that depends on a fact no catalogue claim carries yet: never applied. */
export interface ExemptionToConfirm {
  heading: string | null;
  description: string;
  /** The component it would relieve. */
  component: string;
}

export type { FeeLine };

export interface UnresolvedItem {
  /** Component id or `fees.mpf`, `fees.hmf`. */
  component: string;
  reason: string;
}

export interface AdcvdAdvisory {
  caseNumber: string;
  type: 'AD' | 'CVD';
  product: string;
  scopeNote: string;
  /** Rate used for the amount, when known for the exporter (or the all-others rate). */
  ratePercent: string | null;
  rateBasis: 'exporter' | 'all_others' | null;
  amount: string | null;
  message: string;
}

export interface ProgramSummary {
  family: ReportFamily;
  /** Whether any component of the family applies. */
  applies: boolean;
  /** Sum of the applying amounts, or null when one of them is unresolved. */
  amount: string | null;
  /** amount / declared value, in percent. */
  ratePercent: string | null;
  headings: string[];
}

export interface DutyCalculation {
  hts: {
    code: string;
    dotted: string;
    description: string;
    descriptionPath: string;
    units: string[];
    rateLineCode: string;
  };
  country: Country;
  declaredValue: string;
  entryDate: string;
  arrivalDate: string;
  mode: TransportMode | null;
  base: {
    column: 'general' | 'special' | 'column2';
    specialProgram: string | null;
    rateText: string;
    rateType: 'free' | 'ad_valorem' | 'specific' | 'compound' | 'other';
    /** Percent when ad valorem (also the ad valorem equivalent once the amount is known). */
    adValoremPercent: string | null;
  };
  components: DutyComponent[];
  /** Per reporting family (form A keys, plus section_122 and section_338). */
  programs: ProgramSummary[];
  adcvd: AdcvdAdvisory[];
  unresolved: UnresolvedItem[];
  fees: { mpf: FeeLine; hmf: FeeLine; total: string | null };
  totals: {
    /** Sum of the applying duty components (rounded lines); null when anything is unresolved or prohibited. */
    duty: string | null;
    dutyRatePercent: string | null;
    fees: string | null;
    dutyAndFees: string | null;
  };
  /** True when a measure bans the import on the date; null while a ban that may cover it is unresolved. */
  prohibited: boolean | null;
  /** Claims that would relieve a measure on this line, each with the total it would give. */
  possibleExemptions: PossibleExemption[];
  /** Exemptions of the annex lists the line is on that no claim of the catalogue reaches yet (absent in calculations stored before it existed). */
  exemptionsToConfirm?: ExemptionToConfirm[];
  warnings: string[];
  htsRelease: HtsRelease;
  rulesVersion: string;
}
