/**
 * Standard ISO container types, inside measures in millimetres and payload in kilograms.
 *
 * Carriers differ by ±1–3 cm and ±1 t; where sources give a range we take the smaller payload, so a
 * plan we call feasible is feasible in any box of the type. Callers can override the payload (road
 * limits are often far lower) or describe their own box as a custom container.
 *
 * Sources (as collected in the project's load-planner notes, §9):
 * - 20GP, 40GP, 40HC inside 5,898/12,032 × 2,352 × 2,393/2,698 and doors 2,340 × 2,280/2,585:
 *   firstnationalshippingcompany.com and powertex.com (ISO 668 / ISO 1496-1 dry boxes); payloads
 *   28,180 / 26,730 / 26,500 kg are the low ends of the ranges quoted there and on freightutils.com.
 * - 45HC inside 13,556 × 2,352 × 2,698, payload 25,660 kg: freightutils.com/containers.
 * - 20RF inside 5,456 × 2,294 × 2,270, load line 2,198, door 2,290 × 2,264, payload 27,400 kg:
 *   tuscorlloyds.com.tr reefer table.
 * - 40RF is the 40-foot high-cube reefer (often written 40RH/40RQ), the 40-foot reefer carriers
 *   usually offer: inside 11,577 × 2,294, load line 2,457 (tuscorlloyds.com.tr); inside height
 *   ≈2,550, door 2,290 × ≈2,560 and payload 27,500 kg are typical carrier figures not yet checked
 *   against a carrier sheet. Cargo never rises above the load line, which sits below both, so the
 *   unchecked heights cannot make a plan infeasible.
 */
export const STANDARD_CONTAINER_TYPES = ['20GP', '40GP', '40HC', '45HC', '20RF', '40RF'] as const;
export type StandardContainerType = (typeof STANDARD_CONTAINER_TYPES)[number];

/** Dry types the planner chooses among when the caller lets it pick. */
export const DEFAULT_AUTO_CANDIDATES: readonly StandardContainerType[] = ['20GP', '40GP', '40HC', '45HC'];

export interface ContainerSpec {
  type: StandardContainerType | 'custom';
  name: string;
  insideMm: { length: number; width: number; height: number };
  doorMm: { width: number; height: number };
  payloadKg: number;
  /** Reefers: cargo must stay below this height; null when the inside height is the limit. */
  loadLineMm: number | null;
}

export const CONTAINER_CATALOGUE: Readonly<Record<StandardContainerType, ContainerSpec>> = {
  '20GP': {
    type: '20GP',
    name: "20' general purpose",
    insideMm: { length: 5898, width: 2352, height: 2393 },
    doorMm: { width: 2340, height: 2280 },
    payloadKg: 28180,
    loadLineMm: null,
  },
  '40GP': {
    type: '40GP',
    name: "40' general purpose",
    insideMm: { length: 12032, width: 2352, height: 2393 },
    doorMm: { width: 2340, height: 2280 },
    payloadKg: 26730,
    loadLineMm: null,
  },
  '40HC': {
    type: '40HC',
    name: "40' high cube",
    insideMm: { length: 12032, width: 2352, height: 2698 },
    doorMm: { width: 2340, height: 2585 },
    payloadKg: 26500,
    loadLineMm: null,
  },
  '45HC': {
    type: '45HC',
    name: "45' high cube",
    insideMm: { length: 13556, width: 2352, height: 2698 },
    doorMm: { width: 2340, height: 2585 },
    payloadKg: 25660,
    loadLineMm: null,
  },
  '20RF': {
    type: '20RF',
    name: "20' reefer",
    insideMm: { length: 5456, width: 2294, height: 2270 },
    doorMm: { width: 2290, height: 2264 },
    payloadKg: 27400,
    loadLineMm: 2198,
  },
  '40RF': {
    type: '40RF',
    name: "40' high cube reefer",
    insideMm: { length: 11577, width: 2294, height: 2550 },
    doorMm: { width: 2290, height: 2560 },
    payloadKg: 27500,
    loadLineMm: 2457,
  },
};

/** Height cargo may reach in the container. */
export function usableHeight(spec: ContainerSpec): number {
  return spec.loadLineMm ?? spec.insideMm.height;
}
