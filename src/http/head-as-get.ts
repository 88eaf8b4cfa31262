import type { RequestHandler } from 'express';

/**
 * RFC 9110 §9.3.2: HEAD is GET without the content. A HEAD request runs as the GET of its route
 * (validation, access, the handler), so its status and headers are the GET's; Node's server already
 * knows the request was HEAD and sends no body. Handled here once rather than declared per
 * operation in the spec, which would double every GET with no new contract. The method is HEAD
 * again when the response is finished, so the access log says what was asked.
 */
export function headAsGet(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'HEAD') {
      req.method = 'GET';
      res.on('finish', () => {
        req.method = 'HEAD';
      });
    }
    next();
  };
}
