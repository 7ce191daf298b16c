export * from './coverage';
export * from './quote.pricing';
export * from './commerce.machine';
export * from './commerce.contract';
