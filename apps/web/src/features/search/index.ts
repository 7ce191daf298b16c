// What other parts may use of the search area: the header's search box (app/slots.tsx puts it in the header).
export { GlobalSearch } from './GlobalSearch';
