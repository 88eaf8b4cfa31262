import Decimal from 'decimal.js';
import { mulberry32 } from '../../../../bench/seeded-random';
import {
  edifactOutbound,
  map210,
  map315,
  mapIftsta,
  mapInvoic,
  readEdifact,
  readX12,
  writeEdifact,
  writeX12,
  x12Outbound,
} from '../../../../src/domain/edi';
import { invoicMessage, x12InvoiceSet } from '../../../../src/domain/edi/outbound-invoice';
import { iftstaMessages, shipmentStatusReport, x12StatusSets } from '../../../../src/domain/edi/outbound-status';
import type { Invoice } from '../../../../src/domain/invoices';
import { noTransitions, type Shipment } from '../../../../src/domain/shipments';
import { iso6346CheckDigit } from '../../../../src/domain/tracking/container-number';

/**
 * Property test, seeded (EDI_FUZZ_SEED replays another run): a random shipment's status written as
 * 315 or IFTSTA, and a random invoice as 210 or INVOIC, read back by our reader and mappers say
 * exactly what we meant, and the text reads back to itself.
 */
const seed = Number(process.env.EDI_FUZZ_SEED ?? 20261204);
const random = mulberry32(seed);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = (n: number) => times(n, () => pick([...letters])).join('');
const digits = (n: number) => times(n, () => String(int(0, 9))).join('');
const minute = () => Date.UTC(2026, int(0, 11), int(1, 28), int(0, 23), int(0, 59));

const parties = {
  from: { qualifier: 'ZZ', id: 'TRADELANE' },
  to: { qualifier: 'ZZ', id: 'PARTNER' },
  usage: 'T' as const,
};

function randomShipment(): Shipment {
  const departed = minute();
  const arrived = random() < 0.5 ? departed + int(1, 40) * 86_400_000 : null;
  const eta = new Date(departed + int(1, 40) * 86_400_000).toISOString().slice(0, 10);
  return {
    id: `shp_${word(8)}`,
    accountId: 'acct_1',
    livemode: false,
    reference: random() < 0.5 ? `PO-${digits(5)}` : null,
    mode: 'ocean_fcl',
    status: arrived === null ? 'in_transit' : pick(['arrived', 'delivered'] as const),
    shipper: null,
    consignee: null,
    originLocode: `${word(2)}${word(3)}`,
    destinationLocode: `${word(2)}${word(3)}`,
    incoterm: null,
    carrierScac: null,
    billOfLadingNumber: random() < 0.7 ? `${word(4)}${digits(8)}` : null,
    bookingNumber: random() < 0.5 ? digits(9) : null,
    cargoReadyDate: null,
    etd: null,
    eta: random() < 0.8 ? eta : null,
    containers: times(int(1, 3), () => {
      const owner = `${word(3)}U`;
      const serial = digits(6);
      return { number: `${owner}${serial}${iso6346CheckDigit(owner + serial)}`, subscriptionId: null };
    }),
    cargoLines: [],
    metadata: {},
    statusTransitions: { ...noTransitions, departed_at: departed, arrived_at: arrived },
    createdAt: departed,
    updatedAt: departed,
  };
}

const amount = () => `${int(0, 99999)}.${digits(2)}`;
function randomInvoice(): Invoice {
  const lines = times(int(1, 5), () => {
    const value = amount();
    return {
      description: `${word(int(1, 10))} ${word(int(1, 12))}`,
      chargeCode: pick(['trucking', 'ocean_freight', 'thc', 'other'] as const),
      quantity: '1',
      unitAmount: value,
      taxRate: '0',
      amount: value,
      tax: '0.00',
    };
  });
  const subtotal = lines.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2);
  const tax = random() < 0.5 ? '0.00' : amount();
  return {
    id: `inv_${word(8)}`,
    accountId: 'acct_1',
    livemode: false,
    number: `INV-2026-${digits(5)}`,
    status: pick(['open', 'paid'] as const),
    shipmentId: null,
    currency: pick(['USD', 'EUR', 'CAD']),
    billTo: null,
    dueDate: null,
    memo: null,
    lines,
    subtotal,
    tax,
    total: new Decimal(subtotal).plus(tax).toFixed(2),
    paymentReference: null,
    metadata: {},
    finalizedAt: minute(),
    paidAt: null,
    voidedAt: null,
    createdAt: minute(),
    updatedAt: minute(),
  };
}

const runs = 150;
const at = new Date(Date.UTC(2026, 11, 4, 8, 0));

test(`${runs} shipments' statuses as 315 and IFTSTA read back to the report (seed ${seed})`, () => {
  for (let run = 0; run < runs; run++) {
    const shipment = randomShipment();
    const report = shipmentStatusReport(shipment);
    const expected = report.containers.map((container) => ({
      references: { containerNumber: container, billOfLading: report.billOfLading, booking: report.booking },
      events: [
        [report.statusCode === 'VD' ? 'DEPA' : 'ARRI', 'ACT', report.locode, report.at],
        ...[report.loading, report.discharge].flatMap((call, i) =>
          call ? [[i === 0 ? 'DEPA' : 'ARRI', call.actual ? 'ACT' : 'EST', call.locode, call.at]] : [],
        ),
      ],
    }));
    const seen = (mapped: ReturnType<typeof map315>['mapped']) => ({
      references: mapped.references,
      events: mapped.events.map((e) => [e.code, e.classifier, e.location?.unlocode, e.eventTime]),
    });

    const x12 = x12Outbound(
      { ...parties, version: pick(['004010', '005010']) },
      { interchange: run + 1, group: run + 1 },
      at,
      {
        functionalId: 'QO',
        sets: x12StatusSets(report).map((segments, i) => ({ control: String(i + 1).padStart(4, '0'), segments })),
      },
    );
    const x12Text = writeX12(x12);
    const x12Read = readX12(x12Text);
    expect(x12Read.issues).toEqual([]);
    expect(writeX12(x12Read)).toBe(x12Text);
    const x12Mapped = x12Read.groups[0].sets.map((set) => {
      const { mapped, issues } = map315(set, 'fuzz');
      expect([set.issues, issues]).toEqual([[], []]);
      return seen(mapped);
    });
    expect(x12Mapped).toEqual(expected);

    const version = pick(['99B', '01B']);
    const edifact = edifactOutbound(
      { ...parties, version: `D.${version}` },
      { interchange: run + 1, group: run + 1 },
      at,
      [
        ...iftstaMessages(report, shipment.reference ?? shipment.id, at.getTime()).map((segments, i) => ({
          reference: String(i + 1),
          type: ['IFTSTA', 'D', version, 'UN'] as [string, string, string, string],
          segments,
        })),
      ],
    );
    const edifactText = writeEdifact(edifact);
    const edifactRead = readEdifact(edifactText);
    expect(edifactRead.issues).toEqual([]);
    expect(writeEdifact(edifactRead)).toBe(edifactText);
    const edifactMapped = edifactRead.messages.map((message) => {
      const { mapped, issues } = mapIftsta(message, 'fuzz');
      expect([message.issues, issues]).toEqual([[], []]);
      return seen(mapped);
    });
    expect(edifactMapped).toEqual(expected);
  }
});

test(`${runs} invoices as 210 and INVOIC read back to the same number, currency, lines and total (seed ${seed})`, () => {
  for (let run = 0; run < runs; run++) {
    const invoice = randomInvoice();
    const charges = [
      ...invoice.lines.map((l) => [l.description, l.amount]),
      ...(new Decimal(invoice.tax).isZero() ? [] : [['Tax', invoice.tax]]),
    ];

    const x12Text = writeX12(
      x12Outbound({ ...parties, version: '004010' }, { interchange: run + 1, group: run + 1 }, at, {
        functionalId: 'IN',
        sets: [{ control: '0001', segments: x12InvoiceSet(invoice) }],
      }),
    );
    const x12Read = readX12(x12Text);
    expect(x12Read.issues).toEqual([]);
    expect(writeX12(x12Read)).toBe(x12Text);
    const from210 = map210(x12Read.groups[0].sets[0]);
    expect(from210.issues).toEqual([]);
    expect(from210.mapped!.total).toBe(invoice.total);
    expect(from210.mapped!.invoice).toMatchObject({
      currency: invoice.currency,
      metadata: { edi_invoice_number: invoice.number },
    });
    expect(from210.mapped!.invoice.lines!.map((l) => [l.description, l.unitAmount])).toEqual(
      charges.map(([description, value]) => [description.slice(0, 25), value]),
    );
    expect(from210.mapped!.invoice.lines!.slice(0, invoice.lines.length).map((l) => l.chargeCode)).toEqual(
      invoice.lines.map((l) => (l.chargeCode === 'trucking' ? 'trucking' : 'other')),
    );

    const edifactText = writeEdifact(
      edifactOutbound({ ...parties, version: 'D.01B' }, { interchange: run + 1, group: run + 1 }, at, [
        { reference: '1', type: ['INVOIC', 'D', '01B', 'UN'], segments: invoicMessage(invoice) },
      ]),
    );
    const edifactRead = readEdifact(edifactText);
    expect(edifactRead.issues).toEqual([]);
    expect(writeEdifact(edifactRead)).toBe(edifactText);
    const fromInvoic = mapInvoic(edifactRead.messages[0]);
    expect(fromInvoic.issues).toEqual([]);
    expect(fromInvoic.mapped!.total).toBe(invoice.total);
    expect(fromInvoic.mapped!.invoice.currency).toBe(invoice.currency);
    expect(fromInvoic.mapped!.invoice.lines!.map((l) => [l.description, l.unitAmount])).toEqual(charges);
  }
});
