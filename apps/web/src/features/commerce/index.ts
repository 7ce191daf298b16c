// What other parts may use of quotations and extended warranties: their state tags (the customer portal shows them).
export { CoverageTag, QuoteStateTag } from './components/bits';
