import type { HandlingUnit } from './nmfc-density';

export type LtlQuoteRequestStatus = 'requested' | 'quoted' | 'accepted' | 'expired';

export interface LtlPalletInput extends HandlingUnit {
  quantity: number;
  freightClass: string | null;
  description: string | null;
}

export interface LtlPallet extends LtlPalletInput {
  /** lb/ft³, 2 decimals. */
  density: string;
  densityClass: string;
}

export interface LtlQuote {
  carrierScac: string;
  carrierName: string | null;
  amount: string;
  currency: string;
  transitDays: number | null;
  validUntil: number;
  quotedAt: number;
}

export interface LtlQuoteRequest {
  id: string;
  accountId: string;
  livemode: boolean;
  status: LtlQuoteRequestStatus;
  reference: string | null;
  originPostalCode: string;
  destinationPostalCode: string;
  readyDate: string;
  pallets: LtlPallet[];
  accessorials: string[];
  totalWeightLb: string;
  totalVolumeFt3: string;
  quote: LtlQuote | null;
  acceptedAt: number | null;
  expiredAt: number | null;
  createdAt: number;
  updatedAt: number;
}
