import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { TRIM_KEYWORD } from '../../streams/protocol/rest-schemas';

const validatorOf = (options: Options) => {
  const ajv = new Ajv({ useDefaults: true, allErrors: false, ...options });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: TRIM_KEYWORD,
    type: 'string',
    modifying: true,
    // Before minLength and pattern, so "   " is blank and " Van 1 " is the name "Van 1".
    before: 'maxLength',
    schemaType: 'boolean',
    validate: (trim: boolean, data: string, _schema, at) => {
      if (trim && at) at.parentData[at.parentDataProperty] = data.trim();
      return true;
    },
  });
  return ajv;
};

// Query strings and path parameters are text by nature, so they are coerced to the schema's types.
// Coercion turns "Infinity" into a number that strict number checks then skip instead of refuse;
// without them, `maximum` refuses it (every number in a request has one).
// JSON bodies carry their own types: `null` is not 0, `"1"` is not 1. Unknown body properties are
// dropped, so a handler that spreads a body over a record cannot be made to write other columns.
const textParts = validatorOf({ coerceTypes: 'array', removeAdditional: true, strictNumbers: false });
const bodies = validatorOf({ coerceTypes: false, removeAdditional: 'all' });

/** Fastify validator compiler: one ajv per kind of request part. */
export const requestValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodies : textParts).compile(schema as object);
