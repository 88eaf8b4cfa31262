import { forEachOperation, isObject } from './document-examples';

type JsonObject = Record<string, unknown>;

const versionParameter = { $ref: '#/components/parameters/TradelaneVersion' };

function addHeader(response: unknown): void {
  if (!isObject(response) || '$ref' in response) return;
  response.headers = {
    'Tradelane-Version': { $ref: '#/components/headers/Tradelane-Version' },
    ...(isObject(response.headers) ? response.headers : {}),
  };
}

/**
 * Every operation takes `Tradelane-Version` and every response carries it (src/http/api-version.ts
 * answers them all), so the spec states the header once in its components and the generated
 * documents put it on each operation: operations added later get it too.
 */
export function declareApiVersionHeader(spec: JsonObject): void {
  forEachOperation(spec, (operation) => {
    const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
    if (!parameters.some((parameter) => isObject(parameter) && parameter.$ref === versionParameter.$ref))
      operation.parameters = [versionParameter, ...parameters];
    Object.values(isObject(operation.responses) ? operation.responses : {}).forEach(addHeader);
  });
  const components = isObject(spec.components) ? spec.components : {};
  Object.values(isObject(components.responses) ? components.responses : {}).forEach(addHeader);
}
