/**
 * A shipment as the account API manages it. Times are epoch milliseconds; calendar dates
 * (cargo ready, ETD, ETA) are YYYY-MM-DD; weights, volumes and money are decimal strings.
 */

export const shipmentStatuses = ['draft', 'booked', 'in_transit', 'arrived', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
export type ShipmentMode = 'ocean_fcl' | 'ocean_lcl' | 'air' | 'truck';

export interface Party {
  name: string;
  address_lines?: string[];
  city?: string;
  region?: string;
  postal_code?: string;
  country?: string;
  email?: string;
  phone?: string;
  tax_id?: string;
}

export interface Money {
  amount: string;
  currency: string;
}

export interface DutyEstimate {
  status: 'estimated' | 'unresolved';
  reason: string | null;
  duty: Money | null;
  fees: Money | null;
  total: Money | null;
  effectiveRatePercent: string | null;
  entryDate: string | null;
  htsRelease: string | null;
  rulesVersion: string | null;
  programs: Array<{ family: string; headings: string[]; amount: string | null }>;
  estimatedAt: number;
}

export interface CargoLine {
  id: string;
  description: string;
  htsCode: string | null;
  countryOfOrigin: string | null;
  quantity: number | null;
  quantityUnit: string | null;
  weight: string | null;
  weightUnit: 'kg' | 'lb' | null;
  volume: string | null;
  volumeUnit: 'cbm' | 'cft' | null;
  value: Money | null;
  dutyEstimate: DutyEstimate | null;
}

export interface ShipmentContainer {
  number: string;
  /** The tracking subscription following it, once the shipment is booked. */
  subscriptionId: string | null;
}

/** When each state was entered; null until it was. */
export interface StatusTransitions {
  booked_at: number | null;
  departed_at: number | null;
  arrived_at: number | null;
  delivered_at: number | null;
  cancelled_at: number | null;
}

export interface Shipment {
  id: string;
  accountId: string;
  livemode: boolean;
  reference: string | null;
  mode: ShipmentMode | null;
  status: ShipmentStatus;
  shipper: Party | null;
  consignee: Party | null;
  originLocode: string | null;
  destinationLocode: string | null;
  incoterm: string | null;
  carrierScac: string | null;
  billOfLadingNumber: string | null;
  bookingNumber: string | null;
  cargoReadyDate: string | null;
  etd: string | null;
  eta: string | null;
  containers: ShipmentContainer[];
  cargoLines: CargoLine[];
  metadata: Record<string, string>;
  statusTransitions: StatusTransitions;
  createdAt: number;
  updatedAt: number;
}

export const noTransitions: StatusTransitions = {
  booked_at: null,
  departed_at: null,
  arrived_at: null,
  delivered_at: null,
  cancelled_at: null,
};

/** The fields a caller writes (create: all it knows; update: those it changes, null clearing). */
export interface ShipmentInput {
  reference?: string | null;
  mode?: ShipmentMode;
  shipper?: Party | null;
  consignee?: Party | null;
  originLocode?: string | null;
  destinationLocode?: string | null;
  incoterm?: string | null;
  carrierScac?: string | null;
  billOfLadingNumber?: string | null;
  bookingNumber?: string | null;
  cargoReadyDate?: string | null;
  etd?: string | null;
  eta?: string | null;
  containers?: string[];
  cargoLines?: CargoLineInput[];
  metadata?: Record<string, string>;
}

export type CargoLineInput = Omit<CargoLine, 'id' | 'dutyEstimate'> & { id?: string };

/** Filters of the shipment list; all optional, combined with AND. */
export interface ShipmentFilter {
  status?: ShipmentStatus;
  createdAfter?: number;
  createdBefore?: number;
  etaAfter?: string;
  etaBefore?: string;
  reference?: string;
  containerNumber?: string;
  billOfLadingNumber?: string;
  bookingNumber?: string;
}

/** A milestone a partner reports (an EDI shipment status), at the time it happened. */
export interface ShipmentMilestone {
  action: 'depart' | 'arrive' | 'deliver';
  at: number;
}

/** What an ocean bill of lading (an EDI 310) says of its shipment. */
export interface BillOfLading {
  number: string;
  shipper: Party | null;
  consignee: Party | null;
  containers: string[];
  /** The carrier's SCAC, the shipment's when it names none (its containers are tracked with it). */
  carrierScac: string | null;
}
