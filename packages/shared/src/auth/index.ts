export * from './roles';
export * from './plans';
export * from './menus';
export * from './powers';
