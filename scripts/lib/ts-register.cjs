'use strict';
// Loads the backend's TypeScript sources in this process without a build:
// each file is transpiled on require, as ts-jest does, with the backend's
// compiler options (decorator metadata included, which the OpenAPI document
// is read from). Types are not checked here: `npm run typecheck` does that.
const { readFileSync } = require('node:fs');
const { dirname, join, sep } = require('node:path');
const ts = require('typescript');

const BACKEND = join(__dirname, '..', '..', 'backend');

function compilerOptions() {
  const file = join(BACKEND, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, dirname(file));
  return { ...options, sourceMap: false, inlineSourceMap: true, declaration: false };
}

const options = compilerOptions();
const previous = require.extensions['.ts'];
require.extensions['.ts'] = function compileTypeScript(module, filename) {
  if (filename.includes(`${sep}node_modules${sep}`)) return previous ? previous(module, filename) : undefined;
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { compilerOptions: options, fileName: filename });
  module._compile(outputText, filename);
};
