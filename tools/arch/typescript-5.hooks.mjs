import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const here = createRequire(import.meta.url);
const ts5 = pathToFileURL(here.resolve('typescript')).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/dependency-cruiser/')) return { url: ts5, shortCircuit: true };
  return next(specifier, context);
}
