// Turns ajv errors into short readable lines for the failure message.
import type { RequestValidationError } from '../../generated/server/validators.js';

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
