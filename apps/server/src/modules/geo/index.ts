// The geo module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/geo is imported from outside it.
export { geoDemoStep, geoModule } from './geo.routes';
export { geoColumnsOf, geocodeSaved, refineSaved, routingFor } from './geo.service';
export { wireGeo } from './geo.wiring';
