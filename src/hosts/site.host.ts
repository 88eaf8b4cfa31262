import type { operations } from '../generated/hosts/site';
import { accountHandlers } from '../handlers/accounts.handler';
import { billingHandlers } from '../handlers/billing.handler';
import { customsEntryHandlers } from '../handlers/customs-entries.handler';
import { ediHandlers } from '../handlers/edi.handler';
import { documentHandlers } from '../handlers/documents.handler';
import { invoiceHandlers } from '../handlers/invoices.handler';
import { ltlQuoteHandlers } from '../handlers/ltl-quotes.handler';
import { metricsHandler } from '../handlers/metrics.handler';
import { productHandlers } from '../handlers/products.handler';
import { serviceHandlers } from '../handlers/service.handler';
import { shipmentActionHandlers, shipmentHandlers } from '../handlers/shipments.handler';
import { trackingAdminHandlers } from '../handlers/tracking.handler';
import { webhookHandlers } from '../handlers/webhooks.handler';
import type { HostHandlers } from '../http/operation';
import { accountApiServicesOf } from './account-api-services';
import type { AppDependencies } from './app-dependencies';
import type { HostDocument } from '../http/host-document';

/** The web application host: the account API with Bearer auth, OAuth tokens, admin. */
export function siteHostHandlers(deps: AppDependencies, document: HostDocument): HostHandlers<operations> {
  const { signUp: _mainHostOnly, ...accounts } = accountHandlers(deps.access);
  const accountApi = accountApiServicesOf(deps);
  return {
    ...serviceHandlers(document, deps.readiness, deps.config),
    getMetrics: metricsHandler(deps.metrics),
    ...accounts,
    ...shipmentHandlers(accountApi.shipments, deps.tariff),
    ...shipmentActionHandlers(accountApi.shipments),
    ...invoiceHandlers(accountApi.invoices, deps.pdfs),
    ...customsEntryHandlers(accountApi.entries, deps.tariff, deps.pdfs, deps.bulkFiles),
    ...productHandlers(accountApi.products, deps.tariff, deps.bulkFiles, deps.pdfs),
    ...documentHandlers(accountApi.documents),
    ...ltlQuoteHandlers(accountApi.ltl),
    ...ediHandlers(accountApi.ediPartners, accountApi.ediIntake, accountApi.ediSend),
    ...trackingAdminHandlers(deps.tracking, deps.access.accounts),
    ...webhookHandlers(deps.webhooks.endpoints),
    ...billingHandlers(deps.billing, deps.access.accounts),
  };
}
