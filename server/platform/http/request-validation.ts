import Ajv, { type FuncKeywordDefinition, type Options, type SchemaValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { hasHiddenCharacters, isBlank, TEXT_MESSAGES } from '../../../contract/text-rules';
import { FILLED_KEYWORD, TRIM_KEYWORD, VISIBLE_KEYWORD } from '../../../contract/entities/common';

/** A keyword that refuses a string `refused` finds, with the message it names. */
const textRule = (keyword: string, refused: (text: string) => boolean, message: string): FuncKeywordDefinition => {
  const validate: SchemaValidateFunction = (on: boolean, data: string) => {
    validate.errors = on && refused(data) ? [{ keyword, message, params: {} }] : [];
    return validate.errors.length === 0;
  };
  return { keyword, type: 'string', schemaType: 'boolean', errors: true, validate };
};

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
  ajv.addKeyword(textRule(FILLED_KEYWORD, (text) => text !== '' && isBlank(text), TEXT_MESSAGES.blank));
  ajv.addKeyword(textRule(VISIBLE_KEYWORD, hasHiddenCharacters, TEXT_MESSAGES.hidden));
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
export const requestValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => (httpPart === 'body' ? bodies : textParts).compile(schema as object);
