export * from './roles';
export * from './money';
export * from './pricing';
export * from './orders';
export * from './paths';
export * from './schemas';
export * from './contracts';
