import type { OperationHandler } from '../http/operation';
import { HttpProblem } from '../http/problem';
import type { operations } from '../generated/hosts/site';

export const listShipments: OperationHandler<operations['listShipments']> = async () => {
  throw new HttpProblem('not-implemented', 'Shipments are not available yet.');
};
