// Checks JSON files against one of these schemas with Ajv, a validator that
// shares no code with the Go that writes the schemas and the Go validator
// of go test: node docs/schema/validate.mjs docs/schema/NAME.schema.json FILE.json...
// (npm ci first; make json-check runs it on what the tests printed).
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

const [schemaFile, ...files] = process.argv.slice(2);
if (!schemaFile || files.length === 0) {
  console.error("usage: node docs/schema/validate.mjs SCHEMA.json FILE.json...");
  process.exit(2);
}
// Union types ("array" or "null") are how the schemas say a value may be null.
const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));
let invalid = 0;
for (const file of files) {
  if (validate(JSON.parse(readFileSync(file, "utf8")))) continue;
  invalid++;
  console.error(`${file}: not valid against ${schemaFile}`);
  for (const e of validate.errors.slice(0, 10)) {
    console.error(`  ${e.instancePath || "/"}: ${e.message}`);
  }
}
console.log(`${schemaFile}: ${files.length - invalid} of ${files.length} valid`);
process.exit(invalid ? 1 : 0);
