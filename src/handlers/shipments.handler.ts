import type { components, operations } from '../generated/api';
import type { TariffServices } from './services';
import type { CallContext, OperationHandler } from '../http/operation';
import { dutyEngineOf } from './duty-engine';
import { dutyPricer } from '../domain/tariff';
import { accountScopeOf } from '../http/caller-scope';
import { toApiShipment } from './outputs/shipment.output';
import { listResponse } from './outputs/list';
import type { CargoLineInput, ShipmentAction, ShipmentInput, ShipmentService } from '../domain/shipments';

type Schemas = components['schemas'];
type ShipmentOperation =
  'listShipments' | 'createShipment' | 'getShipment' | 'updateShipment' | 'deleteShipment' | 'estimateShipmentDuties';
type ActionOperation = 'bookShipment' | 'departShipment' | 'arriveShipment' | 'deliverShipment' | 'cancelShipment';

const shipmentsPath = '/api/shipments';

const cargoLineInput = (line: Schemas['CargoLineInput']): CargoLineInput => ({
  ...(line.id !== undefined ? { id: line.id } : {}),
  description: line.description,
  htsCode: line.hts_code ?? null,
  countryOfOrigin: line.country_of_origin ?? null,
  quantity: line.quantity ?? null,
  quantityUnit: line.quantity_unit ?? null,
  weight: line.weight ?? null,
  weightUnit: line.weight_unit ?? null,
  volume: line.volume ?? null,
  volumeUnit: line.volume_unit ?? null,
  value: line.value ?? null,
});

/** The API's fields as the domain's; fields left out stay undefined (unchanged on update). */
function shipmentInput(body: Schemas['ShipmentFields']): ShipmentInput {
  return {
    reference: body.reference,
    mode: body.mode,
    shipper: body.shipper,
    consignee: body.consignee,
    originLocode: body.origin === undefined ? undefined : (body.origin?.locode ?? null),
    destinationLocode: body.destination === undefined ? undefined : (body.destination?.locode ?? null),
    incoterm: body.incoterm,
    carrierScac: body.carrier_scac,
    billOfLadingNumber: body.bill_of_lading_number,
    bookingNumber: body.booking_number,
    cargoReadyDate: body.cargo_ready_date,
    etd: body.etd,
    eta: body.eta,
    containers: body.containers?.map((c) => c.number),
    cargoLines: body.cargo_lines?.map(cargoLineInput),
    metadata: body.metadata,
  };
}

const withTimeline = (expand: readonly string[] | undefined) => ({
  timeline: expand?.includes('containers.timeline') ?? false,
});

export function shipmentHandlers(
  shipments: ShipmentService,
  tariff: TariffServices,
): { [K in ShipmentOperation]: OperationHandler<operations[K]> } {
  return {
    listShipments: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await shipments.list(
        accountScopeOf(call),
        {
          status: query.status,
          createdAfter: query.created_after === undefined ? undefined : Date.parse(query.created_after),
          createdBefore: query.created_before === undefined ? undefined : Date.parse(query.created_before),
          etaAfter: query.eta_after,
          etaBefore: query.eta_before,
          reference: query.reference,
          containerNumber: query.container_number,
        },
        limit,
        query.cursor ?? null,
        withTimeline(query.expand),
      );
      const { cursor: _cursor, expand, ...filters } = query;
      return {
        status: 200,
        ...listResponse(page, toApiShipment, shipmentsPath, { ...filters, limit, expand: expand?.join(',') }),
      };
    },

    createShipment: async ({ body, call }) => {
      const view = await shipments.create(accountScopeOf(call), { ...shipmentInput(body), mode: body.mode });
      return { status: 201, headers: { Location: `${shipmentsPath}/${view.shipment.id}` }, body: toApiShipment(view) };
    },

    getShipment: async ({ params, query, call }) => ({
      status: 200,
      body: toApiShipment(await shipments.get(accountScopeOf(call), params.shipment_id, withTimeline(query.expand))),
    }),

    updateShipment: async ({ params, body, call }) => ({
      status: 200,
      body: toApiShipment(await shipments.update(accountScopeOf(call), params.shipment_id, shipmentInput(body))),
    }),

    deleteShipment: async ({ params, call }) => {
      await shipments.delete(accountScopeOf(call), params.shipment_id);
      return { status: 204, body: undefined };
    },

    estimateShipmentDuties: async ({ params, call }) => {
      const engine = dutyEngineOf(tariff, call);
      return {
        status: 200,
        body: toApiShipment(
          await shipments.estimateDuties(accountScopeOf(call), params.shipment_id, dutyPricer(engine), engine.today()),
        ),
      };
    },
  };
}

/** The state machine's actions, one operation each (409 from the wrong state). */
export function shipmentActionHandlers(shipments: ShipmentService): {
  [K in ActionOperation]: OperationHandler<operations[K]>;
} {
  const act =
    (action: ShipmentAction) =>
    async ({ params, call }: { params: { shipment_id: string }; call: CallContext }) => ({
      status: 200 as const,
      body: toApiShipment(await shipments.transition(accountScopeOf(call), params.shipment_id, action)),
    });
  return {
    bookShipment: act('book'),
    departShipment: act('depart'),
    arriveShipment: act('arrive'),
    deliverShipment: act('deliver'),
    cancelShipment: act('cancel'),
  };
}
