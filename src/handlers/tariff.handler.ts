import type { OperationHandler } from '../http/operation';
import { HttpProblem } from '../http/problem';
import type { operations as mainOperations } from '../generated/hosts/main';
import type { operations as tariffOperations } from '../generated/hosts/tariff';

const notYet = (what: string) => new HttpProblem('not-implemented', `${what} is not available yet.`);

/** Main host: form B. The duty stack arrives with the tariff calculator capability. */
export const calculateTariffFormB: OperationHandler<mainOperations['calculateTariff']> = async () => {
  throw notYet('The tariff calculator');
};

/** Tariff host: form A. */
export const calculateTariffFormA: OperationHandler<tariffOperations['calculateTariff']> = async () => {
  throw notYet('The tariff calculator');
};

export const searchHtsCodes: OperationHandler<tariffOperations['searchHtsCodes']> = async () => {
  throw notYet('AI HTS code search');
};
