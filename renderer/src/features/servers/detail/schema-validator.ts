import { customizeValidator } from '@rjsf/validator-ajv8';
import { toErrorSchema } from '@rjsf/utils';
import type { RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { checkSchema, isValidFor } from './json-schema-check.ts';
import type { CheckError } from './json-schema-check.ts';

function evalAllowed(): boolean {
  try {
    return new Function('return true')() === true;
  } catch {
    return false;
  }
}

/** The same shape @rjsf/validator-ajv8 gives Ajv's errors, so the form shows both alike. */
function toRjsfErrors(errors: readonly CheckError[]): RJSFValidationError[] {
  return errors.map((error) => {
    let property = error.instancePath.replace(/\//g, '.');
    const missing = error.params.missingProperty;
    if (typeof missing === 'string') property = property ? `${property}.${missing}` : `.${missing}`;
    return {
      name: error.keyword,
      property,
      message: error.message,
      params: error.params,
      stack: typeof missing === 'string' ? error.message : `${property} ${error.message}`.trim(),
      schemaPath: error.schemaPath,
      title: '',
    };
  });
}

const interpreting: ValidatorType = {
  validateFormData(formData, schema): ValidationData<unknown> {
    const errors = toRjsfErrors(checkSchema(schema as never, formData));
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid(schema, formData, rootSchema) {
    return isValidFor(schema as never, formData, rootSchema as never);
  },
  rawValidation(schema, formData) {
    return { errors: checkSchema(schema as never, formData) as never[] };
  },
};

let chosen: ValidatorType | undefined;

/**
 * Ajv (through @rjsf/validator-ajv8) compiles schemas with `new Function`, which the app's CSP refuses (and
 * logs as a violation when tried). Built pages therefore use the interpreting checker, without probing;
 * the dev server, which has no CSP, uses Ajv.
 */
export function toolFormValidator(): ValidatorType<Record<string, unknown>, RJSFSchema> {
  chosen ??= import.meta.env.DEV && evalAllowed() ? (customizeValidator() as ValidatorType) : interpreting;
  return chosen as ValidatorType<Record<string, unknown>, RJSFSchema>;
}
