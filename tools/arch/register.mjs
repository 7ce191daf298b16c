// dependency-cruiser parses TypeScript with the compiler API, which TypeScript 7 (the project's tsc, a native binary)
// no longer ships. This workspace installs TypeScript 5 beside it, and these hooks hand that copy to dependency-cruiser
// alone (its imports, and the require it reads the version with); everything else still gets the project's 7.
import Module, { createRequire, register } from 'node:module';

const here = createRequire(import.meta.url);
const fromCruiser = (file) => typeof file === 'string' && file.includes('/dependency-cruiser/');
const original = Module._resolveFilename;
Module._resolveFilename = function resolveTs5(request, parent, ...rest) {
  if ((request === 'typescript' || request.startsWith('typescript/')) && fromCruiser(parent?.filename)) return here.resolve(request);
  return original.call(this, request, parent, ...rest);
};
register('./typescript-5.hooks.mjs', import.meta.url);
