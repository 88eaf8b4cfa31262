import type { components } from '../../generated/api';
import { isoTime, isoTimeOrNull } from './time';
import type { CargoLine, DutyEstimate, ShipmentView } from '../../domain/shipments';

type Schemas = components['schemas'];

const location = (locode: string | null) => (locode === null ? null : { locode });

function toApiDutyEstimate(estimate: DutyEstimate): Schemas['DutyEstimate'] {
  return {
    status: estimate.status,
    reason: estimate.reason,
    duty: estimate.duty,
    fees: estimate.fees,
    total: estimate.total,
    effective_rate_percent: estimate.effectiveRatePercent,
    entry_date: estimate.entryDate,
    hts_release: estimate.htsRelease,
    rules_version: estimate.rulesVersion,
    programs: estimate.programs,
    estimated_at: isoTime(estimate.estimatedAt),
  };
}

function toApiCargoLine(line: CargoLine): Schemas['CargoLine'] {
  return {
    id: line.id,
    description: line.description,
    hts_code: line.htsCode,
    country_of_origin: line.countryOfOrigin,
    quantity: line.quantity,
    quantity_unit: line.quantityUnit,
    weight: line.weight,
    weight_unit: line.weightUnit,
    volume: line.volume,
    volume_unit: line.volumeUnit,
    value: line.value,
    duty_estimate: line.dutyEstimate === null ? null : toApiDutyEstimate(line.dutyEstimate),
  };
}

export function toApiShipment({ shipment, tracking }: ShipmentView): Schemas['Shipment'] {
  const transitions = shipment.statusTransitions;
  return {
    id: shipment.id,
    object: 'shipment',
    livemode: shipment.livemode,
    reference: shipment.reference,
    mode: shipment.mode,
    status: shipment.status,
    shipper: shipment.shipper,
    consignee: shipment.consignee,
    origin: location(shipment.originLocode),
    destination: location(shipment.destinationLocode),
    incoterm: shipment.incoterm as Schemas['Incoterm'] | null,
    carrier_scac: shipment.carrierScac,
    bill_of_lading_number: shipment.billOfLadingNumber,
    booking_number: shipment.bookingNumber,
    cargo_ready_date: shipment.cargoReadyDate,
    etd: shipment.etd,
    eta: shipment.eta,
    containers: shipment.containers.map((c) => ({
      number: c.number,
      tracking:
        c.subscriptionId === null
          ? null
          : ((tracking.get(c.subscriptionId) ?? null) as Schemas['ShipmentContainerTracking'] | null),
    })),
    cargo_lines: shipment.cargoLines.map(toApiCargoLine),
    metadata: shipment.metadata,
    status_transitions: {
      booked_at: isoTimeOrNull(transitions.booked_at),
      departed_at: isoTimeOrNull(transitions.departed_at),
      arrived_at: isoTimeOrNull(transitions.arrived_at),
      delivered_at: isoTimeOrNull(transitions.delivered_at),
      cancelled_at: isoTimeOrNull(transitions.cancelled_at),
    },
    created_at: isoTime(shipment.createdAt),
    updated_at: isoTime(shipment.updatedAt),
  };
}
