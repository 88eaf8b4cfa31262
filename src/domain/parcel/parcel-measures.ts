import type { NormalisedParcel } from './model';
import type { ServiceDefinition } from './service-definition';

export interface ParcelMeasures {
  /** Sides as the carrier measures them, longest first. */
  sides: [number, number, number];
  lengthIn: number;
  secondIn: number;
  lengthPlusGirthIn: number;
  cubicInches: number;
  actualLb: number;
}

/** UPS and FedEx round each side to the nearest inch (.5 up) before measuring; USPS takes them as given. */
export function measure(parcel: NormalisedParcel, service: ServiceDefinition): ParcelMeasures {
  const sides = parcel.dimensionsIn
    .map((side) => (service.dim.roundDimensions ? Math.max(1, Math.floor(side + 0.5)) : side))
    .sort((a, b) => b - a) as [number, number, number];
  const [length, width, height] = sides;
  return {
    sides,
    lengthIn: length,
    secondIn: width,
    lengthPlusGirthIn: length + 2 * (width + height),
    cubicInches: length * width * height,
    actualLb: parcel.weightOz / 16,
  };
}
