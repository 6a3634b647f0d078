// node validate.js LOG...: each SARIF log against the SARIF 2.1.0 schema; prints every
// violation and exits 1 when there is one.
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

const schemaFile = path.join(path.dirname(require.resolve('@microsoft/jest-sarif/package.json')),
                             'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
// The schema is written in JSON Schema draft 4: ajv 6 needs that meta-schema added.
const ajv = new Ajv({allErrors: true, schemaId: 'auto'});
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
const validate = ajv.compile(schema);

let failed = false;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (validate(log)) {
    console.log(`${file}: valid SARIF 2.1.0`);
    continue;
  }
  failed = true;
  for (const error of validate.errors) console.log(`${file}: ${error.dataPath} ${error.message}`);
}
process.exit(failed ? 1 : 0);
