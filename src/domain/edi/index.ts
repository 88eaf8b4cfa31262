/** The EDI capability's public surface: code outside src/domain/edi imports it from here. */
export { type EdifactInterchange, type EdifactMessage, allEdifactIssues, readEdifact, writeEdifact } from './edifact';
export { EdiError, type EdiIssue, type EdiRule, issueText } from './errors';
export { type Delimiters, type EdiElement, type EdiSegment, elementValue } from './segments';
export { type X12Group, type X12Interchange, type X12TransactionSet, allX12Issues, readX12, writeX12 } from './x12';
export type {
  EdiAcknowledgement,
  EdiDocumentType,
  EdiAutoSendDocument,
  EdiOutboundDocument,
  EdiPartner,
  EdiPartnerInput,
  EdiStandard,
  InterchangeAddress,
} from './partner';
export type { EdiPartnerStore } from './partner-ports';
export { EdiPartnerService } from './partner.service';
export { mapIftsta } from './iftsta';
export type { MappedStatus, StatusReferences } from './status-codes';
export { impliedCents, map210, type Mapped210 } from './x12-210';
export { map315 } from './x12-315';
export { map322 } from './x12-322';
export { map214 } from './x12-214';
export { map310 } from './x12-310';
export { edifactAcknowledgement, rejecting, setAccepted, x12Acknowledgement } from './acknowledgements';
export {
  edifactOutbound,
  type OutboundControls,
  type OutboundParties,
  type SegmentSpec,
  x12Outbound,
} from './outbound-envelope';
export type {
  EdiInterchange,
  EdiInterchangeFilter,
  EdiInterchangeStatus,
  EdiRecord,
  EdiSetOutcome,
} from './interchange';
export type {
  EdiInterchangeStore,
  EdiInvoices,
  EdiShipments,
  MappedShipmentDocument,
  EdiSources,
  EdiStatusEvents,
  SendingControls,
} from './interchange-ports';
export { EdiIntakeService } from './intake.service';
export { EdiSendService, type EdiSendRequest } from './send.service';
export { EdiAcknowledgementWatch } from './acknowledgement-watch';
export {
  type AutoSendReport,
  autoSendEventTypes,
  EdiAutoSend,
  type EdiAutoSendDeps,
  type EdiEventFeed,
} from './auto-send';
export { mapInvoic } from './invoic';
