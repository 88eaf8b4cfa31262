import { daysAfter } from '../tariff';

/**
 * When an entry summary can still be corrected. A post-summary correction (19 CFR 101.9(b), the
 * ACE PSC test) is filed within 300 days of the entry date and at least 15 days before the
 * scheduled liquidation, whichever is earlier (CBP's notice of 2017-11-01). Liquidation is
 * scheduled about 314 days after entry (19 U.S.C. 1504(a) gives a year; CBP's ACE schedule):
 * when the summary does not give the liquidation date, that estimate is used and said so. After
 * liquidation, a protest within 180 days (19 U.S.C. 1514(c)(3)).
 */
export interface CorrectionDeadlines {
  liquidation: string;
  liquidationEstimated: boolean;
  postSummaryCorrection: string;
  protest: string;
}

export const pscDaysAfterEntry = 300;
export const pscDaysBeforeLiquidation = 15;
export const typicalLiquidationDays = 314;
export const protestDaysAfterLiquidation = 180;

export function correctionDeadlines(entryDate: string, liquidationDate: string | null): CorrectionDeadlines {
  const liquidation = liquidationDate ?? daysAfter(entryDate, typicalLiquidationDays);
  const byEntry = daysAfter(entryDate, pscDaysAfterEntry);
  const byLiquidation = daysAfter(liquidation, -pscDaysBeforeLiquidation);
  return {
    liquidation,
    liquidationEstimated: liquidationDate === null,
    postSummaryCorrection: byEntry < byLiquidation ? byEntry : byLiquidation,
    protest: daysAfter(liquidation, protestDaysAfterLiquidation),
  };
}
