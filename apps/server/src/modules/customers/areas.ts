/** The area tree moved to platform/geo (the geocoder reads it too); re-exported for the customers module. */
export * from '../../platform/geo/areas';
