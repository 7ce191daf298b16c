// What other parts may use of the reports area: the director's figures on the home page (app/slots.tsx).
export { default as DirectorFigures } from './DirectorFigures';
