import { Router } from 'express';
import { ParcelQuoteValidationError, type QuoteRequest } from '../domain/parcel';
import { DomainError } from '../domain/shared';
import { withDailyUse } from './daily-quota';
import { emptyForm, type FormState } from './pages/layout';
import { parcelFields, parcelPage } from './pages/parcel-page';
import { sendPage, withForm } from './responses';
import { bulkJobRoutes } from './bulk-job-routes';
import { tariffProDataRoutes } from './tariff-pro-data-routes';
import { simulatorRoutes } from './tariff-pro-routes';
import { tariffRoutes } from './tariff-routes';
import { signedInOnly, visitorOf } from './visitor';
import type { WebServices } from './web-context';

/** The domain's field names (origin.postal_code, parcels[0].weight) as the form's. */
const formFieldOf = (field: string): string =>
  field.startsWith('origin') ? 'origin' : field.startsWith('destination') ? 'destination' : field.replace(/^.*\./, '');

/** The tools, signed in: the tariff tools, parcel quotes side by side, on the API's services and daily limits. */
export function toolRoutes(web: WebServices): Router {
  const router = Router();
  router.use('/tools', signedInOnly);

  router.use(tariffRoutes(web));
  router.use(simulatorRoutes(web));
  router.use(bulkJobRoutes(web));
  router.use(tariffProDataRoutes(web));

  router.get('/tools/parcel', (_req, res) => sendPage(res, parcelPage(visitorOf(res), emptyForm, null)));

  router.post('/tools/parcel', async (req, res) => {
    const visitor = visitorOf(res);
    const { session } = visitor.signedIn!;
    const body = req.body as Record<string, unknown>;
    const values: Record<string, string> = {};
    for (const name of [...parcelFields, 'residential'])
      values[name] = typeof body[name] === 'string' ? body[name] : '';
    const form: FormState = { values, fields: {} };
    const request: QuoteRequest = {
      origin: { postalCode: values.origin.trim() },
      destination: { postalCode: values.destination.trim() },
      parcels: [
        {
          length: Number(values.length),
          width: Number(values.width),
          height: Number(values.height),
          lengthUnit: 'in',
          weight: Number(values.weight),
          weightUnit: 'lb',
        },
      ],
      residential: values.residential === 'true',
      shipDate: web.clock.now().toISOString().slice(0, 10),
    };
    await withForm(
      res,
      async () => {
        if (!web.parcelReady())
          throw new DomainError('busy', 'The parcel rate cards are still loading; retry shortly.');
        const result = await withDailyUse(web, visitor.signedIn!, parcelUse, async () => {
          try {
            return await web.quoteParcels(request, session.mode === 'test');
          } catch (error) {
            if (!(error instanceof ParcelQuoteValidationError)) throw error;
            throw new DomainError(
              'invalid_input',
              error.message,
              error.errors.map((e) => ({ field: formFieldOf(e.field), message: e.message })),
            );
          }
        });
        sendPage(res, parcelPage(visitor, form, result));
      },
      (error) => parcelPage(visitor, { ...form, ...refused(error) }, null),
    );
  });
  return router;
}

/** A quote here uses the plan's daily parcel quotes, as POST /api/parcel/quotes does. */
const parcelUse = { operation: 'quoteParcels', what: 'parcel quotes' };

const refused = (error: DomainError): Pick<FormState, 'error' | 'fields'> => ({
  error: error.kind === 'invalid_input' ? 'Check the fields marked below.' : error.message,
  fields: Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message])),
});
