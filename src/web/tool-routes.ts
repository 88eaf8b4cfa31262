import { Router } from 'express';
import { ParcelQuoteValidationError, type QuoteRequest } from '../domain/parcel';
import { DomainError } from '../domain/shared';
import { takeDailyQuota } from './daily-quota';
import { emptyForm, type FormState } from './pages/layout';
import { parcelFields, parcelPage } from './pages/parcel-page';
import { sendPage, withForm } from './responses';
import { visitorOf } from './visitor';
import type { WebServices } from './web-context';

/** The domain's field names (origin.postal_code, parcels[0].weight) as the form's. */
const formFieldOf = (field: string): string =>
  field.startsWith('origin') ? 'origin' : field.startsWith('destination') ? 'destination' : field.replace(/^.*\./, '');

/** The tools, signed in: parcel quotes side by side, on the API's quote service and daily limit. */
export function toolRoutes(web: WebServices): Router {
  const router = Router();
  router.use('/tools', (_req, res, next) => (visitorOf(res).signedIn ? next() : res.redirect(303, '/login')));

  router.get('/tools/parcel', (_req, res) => sendPage(res, parcelPage(visitorOf(res), emptyForm, null)));

  router.post('/tools/parcel', async (req, res) => {
    const visitor = visitorOf(res);
    const { account, session } = visitor.signedIn!;
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
        // A quote here uses the plan's daily parcel quotes, as POST /api/parcel/quotes does.
        const quota = await takeDailyQuota(web, account, 'quoteParcels', 'parcel quotes');
        try {
          const result = await web.quoteParcels(request, session.mode === 'test');
          sendPage(res, parcelPage(visitor, form, result));
        } catch (error) {
          // A refused quote uses none, as the API gives a refused call's use back.
          if (quota) await web.access.quotas.giveBack(quota);
          if (!(error instanceof ParcelQuoteValidationError)) throw error;
          throw new DomainError(
            'invalid_input',
            error.message,
            error.errors.map((e) => ({ field: formFieldOf(e.field), message: e.message })),
          );
        }
      },
      (error) => parcelPage(visitor, { ...form, ...refused(error) }, null),
    );
  });

  return router;
}

const refused = (error: DomainError): Pick<FormState, 'error' | 'fields'> => ({
  error: error.kind === 'invalid_input' ? 'Check the fields marked below.' : error.message,
  fields: Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message])),
});
