// Turns ajv errors into short readable lines and picks the catalogue entry to answer with: a field's
// `x-error` annotation (generated/server/field-errors.ts) wins over the generic INVALID_INPUT.
import type { EndpointName } from '../../generated/api/endpoints.ts';
import type { ErrorName } from '../../generated/errors.ts';
import { fieldErrors } from '../../generated/server/field-errors.ts';
import type { RequestValidationError } from '../../generated/server/validators.js';

export interface ValidationOutcome {
  errorName: ErrorName;
  problems: string[];
}

/** The request field an error is about; a missing required property is reported on the property itself. */
function fieldPath(error: RequestValidationError): string {
  if (error.keyword === 'required') return `${error.instancePath}/${String(error.params.missingProperty)}`;
  return error.instancePath;
}

export function formatValidationErrors(errors: readonly RequestValidationError[]): string[] {
  const lines = errors
    .filter((error) => error.keyword !== 'oneOf' && error.keyword !== 'anyOf')
    .map((error) => {
      const where = error.instancePath || '/';
      if (error.keyword === 'additionalProperties') {
        return `${where}: unknown field "${String(error.params.additionalProperty)}"`;
      }
      return `${where}: ${error.message ?? error.keyword}`;
    });
  return [...new Set(lines)].slice(0, 5);
}

export function validationOutcome(endpoint: EndpointName, errors: readonly RequestValidationError[]): ValidationOutcome {
  const overrides = fieldErrors[endpoint] ?? {};
  const annotated = errors
    .map((error) =>
      error.keyword === 'required' ? (overrides[`${fieldPath(error)}#required`] ?? overrides[fieldPath(error)]) : overrides[fieldPath(error)],
    )
    .find((name) => name !== undefined);
  return { errorName: annotated ?? 'INVALID_INPUT', problems: formatValidationErrors(errors) };
}
