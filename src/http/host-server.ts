import http from 'node:http';
import express, { type Express } from 'express';

const servedBy = Symbol('servedBy');

interface ServedRequest extends http.IncomingMessage {
  [servedBy]: Express;
}

/**
 * An HTTP server passing each request to the app `appOf` chooses (one app per host, or every host
 * on one port), with requests and responses born with the prototypes Express gives them.
 *
 * Express sets each request's and response's prototype to its app's with `Object.setPrototypeOf`,
 * and V8 then detaches the object's hidden class from the shared transition tree: every property
 * added afterwards (by the router, the body parser, the validator, our middleware) makes a hidden
 * class for that one request, a copy of some forty descriptors each time, and every property access
 * on `req` and `res` meets a class it has not seen. Here the served apps share one request and one
 * response prototype (Express's methods, and `app` read from the request), the server makes its
 * requests and responses with them, and Express's `setPrototypeOf` finds nothing to change:
 * requests share their hidden classes (docs/benchmarks.md has the figures).
 */
export function createHostServer(apps: readonly Express[], appOf: (req: http.IncomingMessage) => Express): http.Server {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse extends http.ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, express.request);
  Object.setPrototypeOf(AppResponse.prototype, express.response);
  Object.defineProperty(AppRequest.prototype, 'app', {
    get(this: ServedRequest) {
      return this[servedBy];
    },
  });
  Object.defineProperty(AppResponse.prototype, 'app', {
    get(this: http.ServerResponse & { req: ServedRequest }) {
      return this.req[servedBy];
    },
  });
  for (const app of apps) {
    app.request = AppRequest.prototype as Express['request'];
    app.response = AppResponse.prototype as Express['response'];
  }
  return http.createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, (req, res) => {
    const app = appOf(req);
    (req as ServedRequest)[servedBy] = app;
    app(req, res);
  });
}
