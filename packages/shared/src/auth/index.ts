export * from './roles';
export * from './plans';
export * from './menus';
export * from './powers';
export * from './power-labels';
