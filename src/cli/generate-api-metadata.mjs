// Writes src/api-metadata.ts: the OpenAPI metadata that @nestjs/swagger's CLI plugin reads off the
// DTO classes (types, optionality, enums, and the class-validator rules: lengths, bounds, patterns),
// so that a rule is written once, as its validator. Generated rather than compiled in, because the
// tests run the sources through SWC, where the plugin cannot run; both the build and the tests load
// the same generated file (openapi-document.ts). Run by `npm run build` and `npm run typecheck`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';

const DTO_SUFFIX = '.dto.ts';
const source = join(process.cwd(), 'src');
// Only the DTO files and what they import: a program of the whole tree takes several times longer.
const dtos = readdirSync(source, { recursive: true })
  .filter((file) => file.endsWith(DTO_SUFFIX))
  .map((file) => join(source, file))
  .sort();
const { config } = ts.readConfigFile('tsconfig.json', ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd());

new PluginMetadataGenerator().generate({
  visitors: [new ReadonlyVisitor({ pathToSource: source, introspectComments: true, classValidatorShim: true, dtoFileNameSuffix: [DTO_SUFFIX], esmCompatible: true })],
  outputDir: 'src',
  filename: 'api-metadata.ts',
  tsProgramRef: ts.createProgram({ rootNames: dtos, options }),
  printDiagnostics: false,
});
